//! The in-memory equivalent of the Redis bot-work stream and its consumer
//! group ([`crate::redis_work`]): new items are delivered once, each
//! delivered item stays pending with its consumer until acknowledged, and a
//! pending item idle for `stale` is delivered again (to whoever asks), as
//! `XAUTOCLAIM` does.

use std::collections::{BTreeMap, VecDeque};
use std::time::{Duration, Instant};

use crate::{BotWork, ClaimedWork};

#[derive(Default)]
pub(crate) struct WorkQueue {
    next_id: u64,
    /// Never delivered, oldest first.
    fresh: VecDeque<(u64, BotWork)>,
    /// Delivered and not acknowledged: id -> (when delivered, to whom, item).
    pending: BTreeMap<u64, (Instant, String, BotWork)>,
    /// Every consumer that asked for work, and when it last did.
    consumers: BTreeMap<String, Instant>,
}

impl WorkQueue {
    pub(crate) fn push(&mut self, work: BotWork) {
        self.next_id += 1;
        self.fresh.push_back((self.next_id, work));
    }

    pub(crate) fn claim(
        &mut self,
        consumer: &str,
        max: usize,
        stale: Duration,
    ) -> Vec<ClaimedWork> {
        let now = Instant::now();
        self.consumers.insert(consumer.to_string(), now);
        let mut out = Vec::new();
        for (id, (since, owner, work)) in self.pending.iter_mut() {
            if out.len() >= max {
                break;
            }
            if now.duration_since(*since) >= stale {
                *since = now;
                *owner = consumer.to_string();
                out.push(ClaimedWork {
                    id: id.to_string(),
                    work: work.clone(),
                });
            }
        }
        while out.len() < max {
            let Some((id, work)) = self.fresh.pop_front() else {
                break;
            };
            out.push(ClaimedWork {
                id: id.to_string(),
                work: work.clone(),
            });
            self.pending.insert(id, (now, consumer.to_string(), work));
        }
        out
    }

    pub(crate) fn ack(&mut self, id: &str) {
        if let Ok(id) = id.parse::<u64>() {
            self.pending.remove(&id);
        }
    }

    /// The consumers idle for `idle` that hold no item, removed (as
    /// `XGROUP DELCONSUMER` after `XINFO CONSUMERS` in Redis).
    pub(crate) fn forget_idle(&mut self, idle: Duration) -> Vec<String> {
        let now = Instant::now();
        let holding: std::collections::BTreeSet<&String> =
            self.pending.values().map(|(_, owner, _)| owner).collect();
        let gone: Vec<String> = self
            .consumers
            .iter()
            .filter(|(name, seen)| now.duration_since(**seen) >= idle && !holding.contains(name))
            .map(|(name, _)| name.clone())
            .collect();
        for name in &gone {
            self.consumers.remove(name);
        }
        gone
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn work(v: u64) -> BotWork {
        BotWork {
            game_id: "g".into(),
            version: v,
            seat: 1,
        }
    }

    #[test]
    fn items_are_delivered_once_until_stale() {
        let mut q = WorkQueue::default();
        q.push(work(1));
        q.push(work(2));
        let first = q.claim("a", 1, Duration::from_secs(60));
        assert_eq!(first.len(), 1);
        assert_eq!(first[0].work, work(1));
        let second = q.claim("a", 5, Duration::from_secs(60));
        assert_eq!(
            second.iter().map(|c| &c.work).collect::<Vec<_>>(),
            [&work(2)]
        );
        assert!(q.claim("a", 5, Duration::from_secs(60)).is_empty());
        // Unacknowledged items come back once stale.
        q.ack(&second[0].id);
        let again = q.claim("a", 5, Duration::ZERO);
        assert_eq!(again, first);
        q.ack(&first[0].id);
        assert!(q.claim("a", 5, Duration::ZERO).is_empty());
    }
}
