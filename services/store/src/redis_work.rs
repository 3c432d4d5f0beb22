//! Bot work in Redis: one stream, [`BOT_WORK_KEY`], read by every replica
//! through the consumer group [`BOT_WORK_GROUP`].
//!
//! - `push`: `XADD signoria:bot-work * g <game> v <version> s <seat>`.
//! - `claim`: `XAUTOCLAIM` of entries pending with any consumer for longer
//!   than `stale` (a replica that died mid-work, or lost its connection), then
//!   `XREADGROUP ... >` for new ones. Neither blocks: a blocking read would
//!   hold up the store's shared, multiplexed connection, so the worker polls
//!   (and the replica that queued an item wakes its own worker at once).
//! - `ack`: `XACK` and `XDEL` (the stream keeps only unfinished work).
//! - `forget_idle`: `XINFO CONSUMERS`, then `XGROUP DELCONSUMER` for each
//!   consumer with no pending entry idle for long enough (replicas that
//!   stopped: each reads under its own name).
//!
//! The group is created on first use (`XGROUP CREATE ... 0 MKSTREAM`), and
//! again if the key disappeared (a `NOGROUP` error).
//!
//! Redis Cluster: the stream is one global key, not one per hash slot. Bot
//! work is small (one entry per bot decision, removed when done) and every
//! replica must see all of it; one key in one slot keeps a single consumer
//! group and a single `XAUTOCLAIM` that covers every replica's crash, where
//! per-slot streams would need 16,384 groups polled by every replica. The
//! entry is not part of the game's commit (a script may only touch one slot):
//! the game's deadline note is the safety net for an entry lost between the
//! two (see the server's `bots` module).

use redis::streams::{StreamAutoClaimReply, StreamId, StreamReadReply};
use redis::{RedisError, Value};

use crate::redis_conn::Conn;
use crate::{BotWork, ClaimedWork, StoreError, StoreResult};

/// The stream of bot work (one global key; see the module docs).
pub const BOT_WORK_KEY: &str = "signoria:bot-work";
/// The consumer group every replica reads [`BOT_WORK_KEY`] through.
pub const BOT_WORK_GROUP: &str = "signoria-bots";

fn unavailable(e: RedisError) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

pub(crate) async fn push(mut conn: Conn, work: &BotWork) -> StoreResult<()> {
    let _: Value = redis::cmd("XADD")
        .arg(BOT_WORK_KEY)
        .arg("*")
        .arg("g")
        .arg(&work.game_id)
        .arg("v")
        .arg(work.version)
        .arg("s")
        .arg(work.seat)
        .query_async(&mut conn)
        .await
        .map_err(unavailable)?;
    Ok(())
}

async fn create_group(conn: &mut Conn) -> StoreResult<()> {
    let created: Result<Value, RedisError> = redis::cmd("XGROUP")
        .arg("CREATE")
        .arg(BOT_WORK_KEY)
        .arg(BOT_WORK_GROUP)
        .arg("0")
        .arg("MKSTREAM")
        .query_async(conn)
        .await;
    match created {
        Ok(_) => Ok(()),
        // Another replica created it first.
        Err(e) if e.code() == Some("BUSYGROUP") => Ok(()),
        Err(e) => Err(unavailable(e)),
    }
}

fn is_nogroup(e: &RedisError) -> bool {
    e.code() == Some("NOGROUP")
}

/// The item of a stream entry; `None` for an entry that is not one (it is
/// acknowledged and dropped by the caller).
fn parse(entry: &StreamId) -> Option<BotWork> {
    Some(BotWork {
        game_id: entry.get("g")?,
        version: entry.get("v")?,
        seat: entry.get("s")?,
    })
}

pub(crate) async fn claim(
    mut conn: Conn,
    consumer: &str,
    max: usize,
    stale: std::time::Duration,
) -> StoreResult<Vec<ClaimedWork>> {
    if max == 0 {
        return Ok(Vec::new());
    }
    let mut entries = Vec::new();
    for attempt in 0..2 {
        let claimed: Result<StreamAutoClaimReply, RedisError> = redis::cmd("XAUTOCLAIM")
            .arg(BOT_WORK_KEY)
            .arg(BOT_WORK_GROUP)
            .arg(consumer)
            .arg(stale.as_millis() as u64)
            .arg("0-0")
            .arg("COUNT")
            .arg(max)
            .query_async(&mut conn)
            .await;
        match claimed {
            Ok(reply) => {
                entries = reply.claimed;
                break;
            }
            Err(e) if is_nogroup(&e) && attempt == 0 => create_group(&mut conn).await?,
            Err(e) => return Err(unavailable(e)),
        }
    }
    if entries.len() < max {
        let read: Option<StreamReadReply> = redis::cmd("XREADGROUP")
            .arg("GROUP")
            .arg(BOT_WORK_GROUP)
            .arg(consumer)
            .arg("COUNT")
            .arg(max - entries.len())
            .arg("STREAMS")
            .arg(BOT_WORK_KEY)
            .arg(">")
            .query_async(&mut conn)
            .await
            .map_err(unavailable)?;
        entries.extend(read.into_iter().flat_map(|r| r.keys).flat_map(|k| k.ids));
    }
    let mut out = Vec::with_capacity(entries.len());
    for entry in entries {
        match parse(&entry) {
            Some(work) => out.push(ClaimedWork { id: entry.id, work }),
            None => {
                tracing::warn!(id = entry.id, "dropping a malformed bot work entry");
                ack(conn.clone(), &entry.id).await?;
            }
        }
    }
    Ok(out)
}

pub(crate) async fn ack(mut conn: Conn, id: &str) -> StoreResult<()> {
    let _: Value = redis::pipe()
        .cmd("XACK")
        .arg(BOT_WORK_KEY)
        .arg(BOT_WORK_GROUP)
        .arg(id)
        .cmd("XDEL")
        .arg(BOT_WORK_KEY)
        .arg(id)
        .query_async(&mut conn)
        .await
        .map_err(unavailable)?;
    Ok(())
}

pub(crate) async fn forget_idle(
    mut conn: Conn,
    idle: std::time::Duration,
) -> StoreResult<Vec<String>> {
    let info: Result<redis::streams::StreamInfoConsumersReply, RedisError> = redis::cmd("XINFO")
        .arg("CONSUMERS")
        .arg(BOT_WORK_KEY)
        .arg(BOT_WORK_GROUP)
        .query_async(&mut conn)
        .await;
    let consumers = match info {
        Ok(reply) => reply.consumers,
        // No stream or group yet: nobody to forget.
        Err(e) if is_nogroup(&e) || e.code() == Some("ERR") => return Ok(Vec::new()),
        Err(e) => return Err(unavailable(e)),
    };
    let idle_ms = idle.as_millis() as usize;
    let mut gone = Vec::new();
    for c in consumers {
        if c.pending > 0 || c.idle < idle_ms {
            continue;
        }
        // DELCONSUMER answers how many entries the consumer still held (a
        // claim between XINFO and here): those leave the group's pending
        // list for good, and the game's deadline note queues the decision
        // again (the same safety net as for work lost before queueing).
        let held: usize = redis::cmd("XGROUP")
            .arg("DELCONSUMER")
            .arg(BOT_WORK_KEY)
            .arg(BOT_WORK_GROUP)
            .arg(&c.name)
            .query_async(&mut conn)
            .await
            .map_err(unavailable)?;
        if held > 0 {
            tracing::warn!(
                consumer = c.name,
                held,
                "a forgotten bot consumer held work; the deadline scan queues it again"
            );
        }
        gone.push(c.name);
    }
    Ok(gone)
}
