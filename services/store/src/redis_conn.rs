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

/// Where the games are: one Redis, or a Redis Cluster.
#[derive(Debug, Clone, PartialEq, Eq)]
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
                "no cluster node in {list:?}; expected redis://host:port,redis://host:port,..."
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
            RedisTarget::Single(url) => write!(f, "{url}"),
            RedisTarget::Cluster(nodes) => write!(f, "cluster {}", nodes.join(",")),
        }
    }
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
    let client = Client::open(url)
        .map_err(|e| StoreError::Unavailable(format!("invalid redis url {url:?}: {e}")))?;
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
        .map_err(|e| StoreError::Unavailable(format!("invalid cluster nodes {nodes:?}: {e}")))?;
    let conn = tokio::time::timeout(overall + CONNECT_TIMEOUT, client.get_async_connection())
        .await
        .map_err(|_| StoreError::Unavailable(format!("no cluster node of {nodes:?} answered")))?
        .map_err(|e: RedisError| StoreError::Unavailable(e.to_string()))?;
    Ok((conn, push_rx))
}
