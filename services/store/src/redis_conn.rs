//! The connection of a [`crate::RedisStore`]: one Redis through a
//! [`ConnectionManager`], or a Redis Cluster through the redis crate's
//! `cluster_async::ClusterConnection`, behind one [`ConnectionLike`] so every
//! command of the store is written once.
//!
//! In cluster mode the connection speaks RESP3 and carries the sharded pub/sub
//! subscriptions of the watchers too (pushes arrive on the channel returned by
//! [`connect`]): the commands of the store keep its view of the cluster's
//! topology fresh, and the redis crate moves the subscriptions to whichever
//! node owns a game's slot after a failover (see [`crate::redis_sharded`]).

use std::time::Duration;

use redis::aio::{ConnectionLike, ConnectionManager};
use redis::cluster::ClusterClientBuilder;
use redis::cluster_async::ClusterConnection;
use redis::{Client, Cmd, Pipeline, PushInfo, RedisError, RedisFuture, Value};
use tokio::sync::mpsc;

use crate::{StoreError, StoreResult};

/// `url` with its password (if any) replaced by `***`, for logs and error
/// messages: a Redis URL is never shown with its secret.
/// `redis://user:secret@host:6379/0` -> `redis://user:***@host:6379/0`.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        // Not a URL: it may be anything, so show none of it past a host-like
        // prefix.
        return match url.rsplit_once('@') {
            Some((_, host)) => format!("***@{host}"),
            None => url.to_owned(),
        };
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    match authority.rsplit_once('@') {
        None => url.to_owned(),
        Some((userinfo, host)) => {
            let user = userinfo.split_once(':').map_or("", |(u, _)| u);
            format!("{scheme}://{user}:***@{host}{tail}")
        }
    }
}

/// Where the games are: one Redis, or a Redis Cluster. `Debug` and `Display`
/// hide passwords ([`redact_url`]).
#[derive(Clone, PartialEq, Eq)]
pub enum RedisTarget {
    /// `redis://[user:password@]host:port[/db]`.
    Single(String),
    /// Seed nodes of a cluster (`redis://host:port` each); the others are
    /// discovered from them.
    Cluster(Vec<String>),
}

impl RedisTarget {
    /// A cluster from a comma-separated list of node URLs
    /// (`redis://h1:p1,redis://h2:p2`).
    pub fn cluster(list: &str) -> StoreResult<RedisTarget> {
        let nodes: Vec<String> = list
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_owned)
            .collect();
        if nodes.is_empty() {
            return Err(StoreError::Unavailable(format!(
                "no cluster node in {:?}; expected redis://host:port,redis://host:port,...",
                redact_url(list)
            )));
        }
        Ok(RedisTarget::Cluster(nodes))
    }

    pub fn is_cluster(&self) -> bool {
        matches!(self, RedisTarget::Cluster(_))
    }
}

impl std::fmt::Display for RedisTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RedisTarget::Single(url) => write!(f, "{}", redact_url(url)),
            RedisTarget::Cluster(nodes) => write!(f, "cluster {}", redact_urls(nodes)),
        }
    }
}

impl std::fmt::Debug for RedisTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RedisTarget::Single(url) => f.debug_tuple("Single").field(&redact_url(url)).finish(),
            RedisTarget::Cluster(nodes) => f
                .debug_tuple("Cluster")
                .field(&nodes.iter().map(|n| redact_url(n)).collect::<Vec<_>>())
                .finish(),
        }
    }
}

/// Comma-separated node URLs without their passwords.
pub fn redact_urls(nodes: &[String]) -> String {
    nodes
        .iter()
        .map(|n| redact_url(n))
        .collect::<Vec<_>>()
        .join(",")
}

/// Upper bound for one connection attempt.
pub(crate) const CONNECT_TIMEOUT: Duration = Duration::from_secs(1);

/// The store's command connection.
#[derive(Clone)]
pub(crate) enum Conn {
    Single(ConnectionManager),
    Cluster(ClusterConnection),
}

impl ConnectionLike for Conn {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match self {
            Conn::Single(c) => c.req_packed_command(cmd),
            Conn::Cluster(c) => c.req_packed_command(cmd),
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        match self {
            Conn::Single(c) => c.req_packed_commands(pipeline, offset, count),
            Conn::Cluster(c) => c.req_packed_commands(pipeline, offset, count),
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            Conn::Single(c) => c.get_db(),
            Conn::Cluster(c) => c.get_db(),
        }
    }
}

/// A single Redis: the command connection and the client for the pub/sub
/// connection.
pub(crate) async fn connect_single(
    url: &str,
    response_timeout: Duration,
) -> StoreResult<(Conn, Client)> {
    let client = Client::open(url).map_err(|e| {
        StoreError::Unavailable(format!("invalid redis url {:?}: {e}", redact_url(url)))
    })?;
    let config = redis::aio::ConnectionManagerConfig::new()
        .set_connection_timeout(Some(CONNECT_TIMEOUT))
        .set_response_timeout(Some(response_timeout))
        .set_number_of_retries(1)
        .set_min_delay(Duration::from_millis(50))
        .set_max_delay(Duration::from_millis(500));
    let conn = ConnectionManager::new_with_config(client.clone(), config)
        .await
        .map_err(|e| StoreError::Unavailable(e.to_string()))?;
    Ok((Conn::Single(conn), client))
}

/// A cluster: one RESP3 connection for commands and sharded pub/sub, and the
/// receiver of its pushes.
///
/// A request to a node that is gone is retried a few times within
/// `overall` (the time a failover's MOVED redirections and reconnections
/// may take inside one request); beyond that it fails, and the store answers
/// `Unavailable`.
pub(crate) async fn connect_cluster(
    nodes: &[String],
    response_timeout: Duration,
    overall: Duration,
) -> StoreResult<(ClusterConnection, mpsc::UnboundedReceiver<PushInfo>)> {
    let (push_tx, push_rx) = mpsc::unbounded_channel();
    let client = ClusterClientBuilder::new(nodes.to_vec())
        .use_protocol(redis::ProtocolVersion::RESP3)
        .push_sender(push_tx)
        .connection_timeout(CONNECT_TIMEOUT)
        .response_timeout(response_timeout)
        .overall_response_timeout(Some(overall))
        .retries(6)
        .min_retry_wait(20)
        .max_retry_wait(400)
        .build()
        .map_err(|e| {
            StoreError::Unavailable(format!("invalid cluster nodes {}: {e}", redact_urls(nodes)))
        })?;
    let conn = tokio::time::timeout(overall + CONNECT_TIMEOUT, client.get_async_connection())
        .await
        .map_err(|_| {
            StoreError::Unavailable(format!(
                "no cluster node of {} answered",
                redact_urls(nodes)
            ))
        })?
        .map_err(|e: RedisError| StoreError::Unavailable(e.to_string()))?;
    Ok((conn, push_rx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_show() {
        for (url, shown) in [
            ("redis://127.0.0.1:6379", "redis://127.0.0.1:6379"),
            ("redis://:s3cret@h:1/0", "redis://:***@h:1/0"),
            ("redis://u:s3cret@h:1", "redis://u:***@h:1"),
            ("rediss://u:s3:c@ret@h:1?x=1", "rediss://u:***@h:1?x=1"),
            ("u:s3cret@h:1", "***@h:1"),
        ] {
            assert_eq!(redact_url(url), shown);
        }
        let t = RedisTarget::Cluster(vec!["redis://:s3cret@a:1".into(), "redis://b:2".into()]);
        assert!(!format!("{t} {t:?}").contains("s3cret"));
        let t = RedisTarget::Single("redis://:s3cret@a:1".into());
        assert!(!format!("{t} {t:?}").contains("s3cret"));
    }
}
