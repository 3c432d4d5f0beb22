//! `signoria bot search` (one seat played with the server's search bot) and
//! `signoria bot seat` (hand a seat to the server's bot and back), and the
//! `--bot SEAT[=STRENGTH]` of `signoria new`.
//!
//! `bot search` never sees more than its seat: it asks the server for the
//! bot's choice (`SuggestMove`, a search over what that seat may see), sends
//! it back unchanged with `SubmitMove`, and waits (watching) while another
//! seat decides. Each move's request id is made of the version it was
//! chosen at, so a retry after a lost answer applies nothing twice.

use anyhow::Context as _;
use signoria_server::pb;
use tonic::Code;

use crate::client::{Client, status_error};
use crate::{SearchBotArgs, SeatBotArgs, finished, print_outcome, retryable};

/// `SEAT` or `SEAT=STRENGTH`.
pub fn bot_seat(arg: &str) -> anyhow::Result<pb::BotSeat> {
    let (seat, strength) = arg.split_once('=').unwrap_or((arg, ""));
    Ok(pb::BotSeat {
        seat: seat
            .trim()
            .parse()
            .with_context(|| format!("--bot {arg:?}: expected SEAT or SEAT=STRENGTH"))?,
        strength: strength.trim().to_owned(),
    })
}

pub async fn play(a: SearchBotArgs) -> anyhow::Result<()> {
    let mut c = Client::connect(&a.server.server, Some(a.token.clone())).await?;
    let mut moves_made = 0u64;
    let mut failures = 0u32;
    loop {
        let snap = c.get_game(&a.game).await.map_err(status_error)?;
        let seat = snap
            .your_seat
            .context("--token is not a seat token of this game")?;
        if finished(&snap) || snap.abandoned {
            print_outcome(&snap);
            println!("bot made {moves_made} moves");
            return Ok(());
        }
        if !snap.pending_seats.contains(&seat) {
            c.wait_past(&a.game, snap.version)
                .await
                .map_err(status_error)?;
            continue;
        }
        let result = async {
            let s = c.suggest_move(&a.game, &a.budget).await?;
            let choice = s.suggestion.unwrap_or_default();
            let request_id = format!("search-{}", s.version);
            c.submit_with_id(
                &a.game,
                s.version,
                &request_id,
                choice.r#move.unwrap_or_default(),
            )
            .await
            .map(|r| (r.version, choice.label))
        }
        .await;
        match result {
            Ok((version, label)) => {
                moves_made += 1;
                failures = 0;
                if a.verbose {
                    println!("v{version} seat {seat}: {label}");
                }
            }
            // The game moved between the suggestion and the move: ask again.
            Err(s) if s.code() == Code::Aborted => {}
            Err(s)
                if (retryable(s.code()) || s.code() == Code::FailedPrecondition)
                    && failures < 10 =>
            {
                failures += 1;
                eprintln!("move of seat {seat} failed, retrying: {}", s.message());
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            }
            Err(s) => return Err(status_error(s)),
        }
    }
}

pub async fn hand_over(a: SeatBotArgs) -> anyhow::Result<()> {
    let mut c = Client::connect(&a.server.server, Some(a.token.clone())).await?;
    let strength = (!a.back).then_some(a.strength.as_str());
    let snap = c
        .set_seat_bot(&a.game, a.seat, strength)
        .await
        .map_err(status_error)?;
    let bots: Vec<String> = snap
        .bot_seats
        .iter()
        .map(|b| format!("{} ({})", b.seat, b.strength))
        .collect();
    println!(
        "version {}; bot seats: {}",
        snap.version,
        if bots.is_empty() {
            "none".to_owned()
        } else {
            bots.join(", ")
        }
    );
    Ok(())
}
