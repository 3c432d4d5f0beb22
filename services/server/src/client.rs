//! A thin convenience wrapper over the generated `GameServiceClient`, used by
//! the CLI, the in-process tests and the end-to-end tests: it attaches the seat
//! token to every call and generates request ids.

use tonic::transport::{Channel, Endpoint};
use tonic::{Request, Status, Streaming};

use crate::pb;
use crate::pb::game_service_client::GameServiceClient;

/// A client acting as one seat (with a token) or as a spectator.
#[derive(Clone)]
pub struct Client {
    url: String,
    token: Option<String>,
    inner: GameServiceClient<Channel>,
}

impl Client {
    /// Connect to `url` (`http://host:port`). `token` = a seat token, or
    /// `None` for a spectator.
    pub async fn connect(url: &str, token: Option<String>) -> anyhow::Result<Client> {
        let inner = Self::channel(url).await?;
        Ok(Client {
            url: url.to_string(),
            token,
            inner,
        })
    }

    async fn channel(url: &str) -> anyhow::Result<GameServiceClient<Channel>> {
        let endpoint = Endpoint::from_shared(url.to_string())
            .map_err(|e| anyhow::anyhow!("invalid server url {url:?}: {e}"))?
            .connect_timeout(std::time::Duration::from_secs(5))
            .tcp_nodelay(true);
        let channel = endpoint
            .connect()
            .await
            .map_err(|e| anyhow::anyhow!("cannot connect to {url}: {e}"))?;
        Ok(GameServiceClient::new(channel).max_decoding_message_size(64 * 1024 * 1024))
    }

    /// Open a fresh connection (after a server went away).
    pub async fn reconnect(&mut self) -> anyhow::Result<()> {
        self.inner = Self::channel(&self.url).await?;
        Ok(())
    }

    /// The same server, another identity (shares the connection).
    pub fn with_token(&self, token: Option<String>) -> Client {
        Client {
            url: self.url.clone(),
            token,
            inner: self.inner.clone(),
        }
    }

    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// The raw generated client (no token attached).
    pub fn raw(&mut self) -> &mut GameServiceClient<Channel> {
        &mut self.inner
    }

    /// A request carrying this client's token.
    pub fn request<T>(&self, msg: T) -> Request<T> {
        let mut req = Request::new(msg);
        if let Some(t) = &self.token
            && let Ok(v) = format!("Bearer {t}").parse()
        {
            req.metadata_mut().insert("authorization", v);
        }
        req
    }

    pub async fn list_game_types(&mut self) -> Result<pb::ListGameTypesResponse, Status> {
        let req = self.request(pb::ListGameTypesRequest {});
        Ok(self.inner.list_game_types(req).await?.into_inner())
    }

    pub async fn create_game(
        &mut self,
        msg: pb::CreateGameRequest,
    ) -> Result<pb::CreateGameResponse, Status> {
        let req = self.request(msg);
        Ok(self.inner.create_game(req).await?.into_inner())
    }

    /// A finished game's complete record (`ExportGame`).
    pub async fn export_game(&mut self, game_id: &str) -> Result<pb::GameExport, Status> {
        let req = self.request(pb::ExportGameRequest {
            game_id: game_id.to_string(),
        });
        Ok(self.inner.export_game(req).await?.into_inner())
    }

    pub async fn get_game(&mut self, game_id: &str) -> Result<pb::GameSnapshot, Status> {
        let req = self.request(pb::GetGameRequest {
            game_id: game_id.to_string(),
        });
        Ok(self.inner.get_game(req).await?.into_inner())
    }

    pub async fn list_legal_moves(
        &mut self,
        game_id: &str,
    ) -> Result<pb::ListLegalMovesResponse, Status> {
        self.list_legal_moves_at(game_id, None).await
    }

    /// The caller's legal moves at `at_version` if the server holds that
    /// version (see `ListLegalMovesRequest.at_version`), else the current ones.
    pub async fn list_legal_moves_at(
        &mut self,
        game_id: &str,
        at_version: Option<u64>,
    ) -> Result<pb::ListLegalMovesResponse, Status> {
        let req = self.request(pb::ListLegalMovesRequest {
            game_id: game_id.to_string(),
            at_version,
        });
        Ok(self.inner.list_legal_moves(req).await?.into_inner())
    }

    /// Submit a move with a fresh random request id.
    pub async fn submit(
        &mut self,
        game_id: &str,
        expected_version: u64,
        mv: pb::Move,
    ) -> Result<pb::SubmitMoveResponse, Status> {
        self.submit_with_id(game_id, expected_version, &crate::auth::random_id(16), mv)
            .await
    }

    pub async fn submit_with_id(
        &mut self,
        game_id: &str,
        expected_version: u64,
        request_id: &str,
        mv: pb::Move,
    ) -> Result<pb::SubmitMoveResponse, Status> {
        let req = self.request(pb::SubmitMoveRequest {
            game_id: game_id.to_string(),
            expected_version,
            request_id: request_id.to_string(),
            r#move: Some(mv),
            seat: None,
        });
        Ok(self.inner.submit_move(req).await?.into_inner())
    }

    pub async fn submit_raw(
        &mut self,
        msg: pb::SubmitMoveRequest,
    ) -> Result<pb::SubmitMoveResponse, Status> {
        let req = self.request(msg);
        Ok(self.inner.submit_move(req).await?.into_inner())
    }

    pub async fn watch(
        &mut self,
        game_id: &str,
        after_version: u64,
    ) -> Result<Streaming<pb::WatchGameResponse>, Status> {
        self.watch_with(game_id, after_version, false).await
    }

    /// [`Client::watch`]; `with_decisions`: messages carry the caller's legal
    /// moves at versions where it is pending.
    pub async fn watch_with(
        &mut self,
        game_id: &str,
        after_version: u64,
        with_decisions: bool,
    ) -> Result<Streaming<pb::WatchGameResponse>, Status> {
        let req = self.request(pb::WatchGameRequest {
            game_id: game_id.to_string(),
            after_version,
            with_decisions,
        });
        Ok(self.inner.watch_game(req).await?.into_inner())
    }

    /// The search bot's choice for this client's seat (`SuggestMove`).
    pub async fn suggest_move(
        &mut self,
        game_id: &str,
        strength: &str,
    ) -> Result<pb::SuggestMoveResponse, Status> {
        let req = self.request(pb::SuggestMoveRequest {
            game_id: game_id.to_string(),
            strength: strength.to_string(),
            seed: None,
        });
        Ok(self.inner.suggest_move(req).await?.into_inner())
    }

    /// Hands `seat` to the bot (`Some(strength)`) or back to its player
    /// (`SetSeatBot`; this client's token is the owner's or an operator's).
    pub async fn set_seat_bot(
        &mut self,
        game_id: &str,
        seat: u32,
        strength: Option<&str>,
    ) -> Result<pb::GameSnapshot, Status> {
        let req = self.request(pb::SetSeatBotRequest {
            game_id: game_id.to_string(),
            seat,
            bot: strength.is_some(),
            strength: strength.unwrap_or_default().to_string(),
        });
        Ok(self
            .inner
            .set_seat_bot(req)
            .await?
            .into_inner()
            .snapshot
            .unwrap_or_default())
    }

    pub async fn server_stats(&mut self) -> Result<pb::ServerStats, Status> {
        Ok(self
            .inner
            .get_server_stats(pb::GetServerStatsRequest {})
            .await?
            .into_inner())
    }

    /// Wait until the game is past `version` (or finished). Returns the next
    /// version seen, or `None` if the stream ended without one.
    pub async fn wait_past(&mut self, game_id: &str, version: u64) -> Result<Option<u64>, Status> {
        let mut stream = self.watch(game_id, version).await?;
        Ok(stream.message().await?.map(|m| m.version))
    }
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("url", &self.url)
            .field("seat_token", &self.token.is_some())
            .finish()
    }
}
