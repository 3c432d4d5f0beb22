//! Watchers' wake-ups in cluster mode: sharded pub/sub (Redis 7).
//!
//! A commit publishes the new version with `SPUBLISH` on the game's channel
//! `{g:<id>}:nudge`, which hashes to the game's slot: the message goes only to
//! the nodes of the shard that owns the game (master and replicas), never
//! across the whole cluster as classic `PUBLISH` does. A replica of the service
//! that waits on a game sends `SSUBSCRIBE` for its channel through its cluster
//! connection, which routes it to the node owning the slot; so a watcher on
//! any replica wakes for a move committed through any other.
//!
//! Failover: when a master dies its connection reports a disconnection; every
//! waiter then re-reads (nudges may have been lost) and counts as
//! unsubscribed. The redis crate re-subscribes the tracked channels on the node
//! that owns their slot once it has learnt the new topology, and this task
//! re-sends `SSUBSCRIBE` every [`RESYNC`] for any watched game whose
//! subscription is not confirmed (also after a server-side `SUNSUBSCRIBE`,
//! which Redis sends when a slot leaves a node). Until a subscription is
//! confirmed, waiters poll the version (the store's `poll_interval`), as they
//! do in single-Redis mode.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use redis::cluster_async::ClusterConnection;
use redis::{PushInfo, PushKind, Value};
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::redis_store::{Watchers, game_of_channel, nudge_channel};

/// How often unconfirmed subscriptions are sent again.
const RESYNC: Duration = Duration::from_millis(500);

fn channel_of(push: &PushInfo) -> Option<&str> {
    match push.data.first() {
        Some(Value::BulkString(b)) => std::str::from_utf8(b).ok(),
        Some(Value::SimpleString(s)) => Some(s),
        _ => None,
    }
}

/// Owns the subscriptions of one cluster connection: turns pushes into
/// wake-ups and keeps the subscribed channels in line with the watched games.
pub(crate) async fn run_sharded_subscriber(
    conn: ClusterConnection,
    watchers: Arc<Watchers>,
    mut sync_rx: mpsc::UnboundedReceiver<String>,
    mut push_rx: mpsc::UnboundedReceiver<PushInfo>,
) {
    // Channels the servers confirmed (game ids).
    let mut confirmed: HashSet<String> = HashSet::new();
    // When SSUBSCRIBE / SUNSUBSCRIBE was last sent for a game.
    let mut sent: HashMap<String, Instant> = HashMap::new();
    let mut tick = tokio::time::interval(RESYNC);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);

    // Sends what brings `game` in line with the watchers, at most once per
    // RESYNC unless `force`. Never awaits the answer here (a node being
    // failed over must not stall the wake-ups of the others): the
    // confirmation comes back as a push.
    let sync = |game: &str,
                confirmed: &HashSet<String>,
                sent: &mut HashMap<String, Instant>,
                force: bool| {
        let wanted = watchers.is_watched(game);
        let is_confirmed = confirmed.contains(game);
        if wanted == is_confirmed {
            sent.remove(game);
            if wanted {
                watchers.confirm(game);
            }
            return;
        }
        if !force && sent.get(game).is_some_and(|t| t.elapsed() < RESYNC) {
            return;
        }
        sent.insert(game.to_owned(), Instant::now());
        let mut conn = conn.clone();
        let channel = nudge_channel(game);
        tokio::spawn(async move {
            let r = if wanted {
                conn.ssubscribe(&channel).await
            } else {
                conn.sunsubscribe(&channel).await
            };
            if let Err(e) = r {
                tracing::debug!(error = %e, channel, "sharded (un)subscribe failed; retrying");
            }
        });
    };

    loop {
        tokio::select! {
            push = push_rx.recv() => {
                let Some(push) = push else { return };
                match push.kind {
                    PushKind::SMessage => {
                        if let Some(game) = channel_of(&push).and_then(game_of_channel) {
                            watchers.wake(game);
                        }
                    }
                    PushKind::SSubscribe => {
                        if let Some(game) = channel_of(&push).and_then(game_of_channel) {
                            let game = game.to_owned();
                            confirmed.insert(game.clone());
                            sent.remove(&game);
                            // Confirms (and wakes) a watched game, or takes
                            // back a subscription nobody needs any more.
                            sync(&game, &confirmed, &mut sent, true);
                        }
                    }
                    PushKind::SUnsubscribe => {
                        if let Some(game) = channel_of(&push).and_then(game_of_channel) {
                            let game = game.to_owned();
                            confirmed.remove(&game);
                            sent.remove(&game);
                            // Unsubscribed by the server (the slot moved): its
                            // waiters re-read and it is subscribed again.
                            watchers.unconfirm(&game);
                            sync(&game, &confirmed, &mut sent, true);
                        }
                    }
                    PushKind::Disconnection => {
                        // Some node's connection is gone with the nudges it
                        // was to deliver; which games it served is not known
                        // here, so every waiter re-reads and every
                        // subscription counts as unconfirmed until the
                        // servers confirm it again.
                        confirmed.clear();
                        sent.clear();
                        watchers.unsubscribed_all();
                    }
                    _ => {}
                }
            }
            game = sync_rx.recv() => {
                let Some(game) = game else { return };
                sync(&game, &confirmed, &mut sent, false);
            }
            _ = tick.tick() => {
                let mut games = watchers.watched();
                games.extend(confirmed.iter().cloned());
                games.sort();
                games.dedup();
                for game in games {
                    sync(&game, &confirmed, &mut sent, false);
                }
            }
        }
    }
}
