//! ExportGame and replay (issue 18): a finished game of every type exports
//! with its seed, options, moves and events, and replays through the rules
//! into the same events, final state and outcome; games in play and games
//! whose moves were not kept are refused.

use signoria_engine::GameRng;
use signoria_server::client::Client;
use signoria_server::meta::{GameMeta, Origin};
use signoria_server::pb;
use signoria_server::registry::Registry;
use signoria_server::replay::replay;
use signoria_store::{GameRecord, GameStore, MemoryStore, MoveCommit};
use tonic::Code;

mod common;
use common::{config, start_on};

/// Plays `game_id` to its end with random legal moves; returns the moves made.
async fn play_out(url: &str, game_id: &str, tokens: &[String], rng: &mut GameRng) -> u64 {
    let mut c = Client::connect(url, None).await.unwrap();
    let mut moves = 0;
    loop {
        let snap = c.get_game(game_id).await.unwrap();
        if snap.status == pb::GameStatus::Finished as i32 {
            assert_eq!(snap.version, moves);
            return moves;
        }
        assert!(moves < 100_000, "the game does not end");
        let seat = snap.pending_seats[rng.index(snap.pending_seats.len())] as usize;
        let mut s = c.with_token(Some(tokens[seat].clone()));
        let legal = s.list_legal_moves(game_id).await.unwrap();
        let pick = legal.moves[rng.index(legal.moves.len())]
            .r#move
            .clone()
            .unwrap();
        let r = s
            .submit(game_id, legal.version, pick)
            .await
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(r.version, legal.version + 1);
        moves += 1;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_type_exports_and_replays() {
    let server = start_on(config(), MemoryStore::new()).await;
    let mut c = Client::connect(&server.url, None).await.unwrap();
    let mut rng = GameRng::from_seed(18);
    let registry = Registry::builtin();
    let types = c.list_game_types().await.unwrap().game_types;
    assert!(types.len() >= 4);
    for t in types {
        let players = t.min_players.max(2);
        let created = c
            .create_game(pb::CreateGameRequest {
                game_type: t.id.clone(),
                player_count: players,
                seat_labels: vec!["Ann".into()],
                ..Default::default()
            })
            .await
            .unwrap();
        let tokens: Vec<String> = created.seats.iter().map(|s| s.token.clone()).collect();
        let id = created.game_id.clone();

        // In play: refused, nothing revealed.
        let early = c.export_game(&id).await.unwrap_err();
        assert_eq!(early.code(), Code::FailedPrecondition, "{early:?}");
        assert!(early.message().contains("still in play"), "{early:?}");

        let moves = play_out(&server.url, &id, &tokens, &mut rng).await;
        let export = c.export_game(&id).await.unwrap();
        assert_eq!(
            (export.game_type.as_str(), export.player_count),
            (t.id.as_str(), players)
        );
        assert_eq!(export.seat_labels[0], "Ann");
        assert_eq!(export.versions.len() as u64, moves, "{}", t.id);
        assert!(export.versions.iter().all(|v| v.seat.is_some()));
        assert!(export.outcome.is_some());
        // Through the wire format and back.
        let export = <pb::GameExport as prost::Message>::decode(
            prost::Message::encode_to_vec(&export).as_slice(),
        )
        .unwrap();
        let done = replay(&registry, &export).unwrap_or_else(|e| panic!("{}: {e}", t.id));
        assert_eq!(done.moves as u64, moves);

        // The seed is what set the game up: another one does not replay.
        let mut other = export.clone();
        other.seed ^= 1;
        assert!(replay(&registry, &other).is_err(), "{}", t.id);
        // A move given to the other seat, or a version left out, is found.
        let mut swapped = export.clone();
        let v = &mut swapped.versions[moves as usize / 2];
        v.seat = Some((v.seat.unwrap() + 1) % players);
        let err = replay(&registry, &swapped).unwrap_err();
        assert!(
            err.contains(&format!("version {}", moves / 2 + 1)),
            "{}: {err}",
            t.id
        );
        let mut gap = export.clone();
        gap.versions.remove(1);
        assert!(
            replay(&registry, &gap)
                .unwrap_err()
                .contains("not complete")
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_whose_moves_were_not_kept_are_refused_by_name() {
    let store = MemoryStore::new();
    let server = start_on(config(), store.clone()).await;
    let mut c = Client::connect(&server.url, None).await.unwrap();
    let registry = Registry::builtin();
    let game = registry.get("lorenzo-il-magnifico").unwrap();
    let state = game.setup(None, 2, 7).unwrap();
    let record = |id: &str, origin: Option<Origin>| {
        let mut meta = GameMeta::new(2, None, 0);
        meta.origin = origin;
        GameRecord {
            game_id: id.into(),
            game_type: "lorenzo-il-magnifico".into(),
            players: 2,
            version: 0,
            state: state.encode(),
            finished: false,
            created_unix_ms: 0,
            seat_labels: vec!["seat 0".into(), "seat 1".into()],
            meta: meta.encode(),
        }
    };
    // A version logged by a release that kept events only, no move.
    let finish = |id: &str, meta: Vec<u8>| MoveCommit {
        game_id: id.into(),
        expected_version: 0,
        request_id: "0 r".into(),
        state: state.encode(),
        finished: true,
        events: br#"{"schema":1,"events":[]}"#.to_vec(),
        result: Vec::new(),
        meta,
    };
    let with_origin = Some(Origin {
        seed: 7,
        options: Vec::new(),
    });
    for (id, origin, says) in [
        ("oldorigin000", None, "did not keep its seed"),
        ("oldmoves0000", with_origin, "did not keep the move"),
    ] {
        let r = record(id, origin);
        store.create(&r).await.unwrap();
        let mut meta = GameMeta::read(&r);
        meta.version = 1;
        store.commit(finish(id, meta.encode())).await.unwrap();
        let refused = c.export_game(id).await.unwrap_err();
        assert_eq!(refused.code(), Code::FailedPrecondition, "{refused:?}");
        assert!(refused.message().contains(says), "{refused:?}");
    }
    // Unknown and malformed ids.
    assert_eq!(
        c.export_game("nosuchgame00").await.unwrap_err().code(),
        Code::NotFound
    );
    assert_eq!(
        c.export_game("").await.unwrap_err().code(),
        Code::InvalidArgument
    );
    server.stop().await;
}
