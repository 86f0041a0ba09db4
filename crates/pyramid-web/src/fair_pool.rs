//! A pool of bot threads shared fairly between clients: [`FairPool`]. A search waits for
//! a thread behind the searches of its own client only: when a thread frees, it goes to
//! the waiting client with the fewest searches running (a client with none first), then
//! to the one served longest ago (one never served first), and within a client to its
//! searches in the order they asked. So one client's costly games delay another client's bot by at most the searches
//! already running, and usually by the first of them to end.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::oneshot;

/// A pool of `size` threads, handed out fairly between clients.
#[derive(Debug)]
pub struct FairPool {
    size: usize,
    /// Where each wait for a thread is noted (seconds).
    wait: prometheus_client::metrics::histogram::Histogram,
    inner: Mutex<Waiting>,
    /// Searches that had to wait for a thread, and their waits in all (ms).
    waited: AtomicU64,
    waited_ms: AtomicU64,
}

/// Who waits for a thread of the pool.
#[derive(Debug, Default)]
struct Waiting {
    /// Threads handed out now.
    running: usize,
    /// Threads handed out now, by client.
    running_by: HashMap<String, usize>,
    /// When each client waiting or running was last given a thread (a count of threads
    /// given; a client never served has none).
    last_served: HashMap<String, u64>,
    /// Threads given so far.
    given: u64,
    /// Each waiting client's searches, in the order they asked.
    queues: HashMap<String, VecDeque<oneshot::Sender<Permit>>>,
    /// The waiting clients, the next to be served first.
    turn: VecDeque<String>,
}

/// A thread of the pool, given back when dropped (to the next client in turn).
#[derive(Debug)]
pub struct Permit {
    pool: Option<Arc<FairPool>>,
    client: String,
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take() {
            pool.release(&self.client);
        }
    }
}

/// The pool is gone (the server is stopping).
#[derive(Debug)]
pub struct Closed;

impl Waiting {
    /// The next search to serve, and its client: of the waiting clients with the fewest
    /// threads running, the one served longest ago (never first), then the first in turn;
    /// the client goes to the end of the turn while it has more waiting.
    fn next_in_turn(&mut self) -> Option<(String, oneshot::Sender<Permit>)> {
        let running = |client: &String| self.running_by.get(client).copied().unwrap_or(0);
        let served = |client: &String| self.last_served.get(client).copied().unwrap_or(0);
        let (at, _) = self
            .turn
            .iter()
            .enumerate()
            .min_by_key(|(i, client)| (running(client), served(client), *i))?;
        let client = self.turn.remove(at)?;
        let queue = self.queues.get_mut(&client)?;
        let search = queue.pop_front();
        if queue.is_empty() {
            self.queues.remove(&client);
        } else {
            self.turn.push_back(client.clone());
        }
        search.map(|s| (client, s))
    }
}

impl FairPool {
    /// A pool of `size` threads (at least 1), each wait for a thread noted in `wait`.
    pub fn new(
        size: usize,
        wait: prometheus_client::metrics::histogram::Histogram,
    ) -> Arc<FairPool> {
        Arc::new(FairPool {
            size: size.max(1),
            wait,
            inner: Mutex::default(),
            waited: AtomicU64::new(0),
            waited_ms: AtomicU64::new(0),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Waiting> {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A thread for a search of `client`: at once when one is free and nobody waits,
    /// else when the client's turn comes.
    pub async fn acquire(self: &Arc<Self>, client: &str) -> Result<Permit, Closed> {
        let asked = std::time::Instant::now();
        let answer = {
            let mut waiting = self.lock();
            if waiting.running < self.size && waiting.turn.is_empty() {
                waiting.running += 1;
                waiting.given += 1;
                let given = waiting.given;
                waiting.last_served.insert(client.to_owned(), given);
                *waiting.running_by.entry(client.to_owned()).or_default() += 1;
                return Ok(Permit {
                    pool: Some(Arc::clone(self)),
                    client: client.to_owned(),
                });
            }
            let (permit, answer) = oneshot::channel();
            let queue = waiting.queues.entry(client.to_owned()).or_default();
            let first = queue.is_empty();
            queue.push_back(permit);
            if first {
                waiting.turn.push_back(client.to_owned());
            }
            answer
        };
        let permit = answer.await.map_err(|_| Closed)?;
        self.wait.observe(asked.elapsed().as_secs_f64());
        let ms = u64::try_from(asked.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.waited.fetch_add(1, Ordering::Relaxed);
        self.waited_ms.fetch_add(ms, Ordering::Relaxed);
        Ok(permit)
    }

    /// A thread of `client` given back: to the waiting client with the fewest threads
    /// running (in turn among equals) whose search still waits, else free.
    fn release(self: &Arc<Self>, client: &str) {
        let mut waiting = self.lock();
        if let Some(count) = waiting.running_by.get_mut(client) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                waiting.running_by.remove(client);
                // Nothing of it left: forgotten (the map stays as small as the clients
                // at work).
                if !waiting.queues.contains_key(client) {
                    waiting.last_served.remove(client);
                }
            }
        }
        while let Some(next) = waiting.next_in_turn() {
            let (client, search) = next;
            let permit = Permit {
                pool: Some(Arc::clone(self)),
                client: client.clone(),
            };
            match search.send(permit) {
                Ok(()) => {
                    waiting.given += 1;
                    let given = waiting.given;
                    waiting.last_served.insert(client.clone(), given);
                    *waiting.running_by.entry(client).or_default() += 1;
                    return;
                }
                // The search stopped waiting (its game left memory): the next one.
                Err(mut unused) => unused.pool = None,
            }
        }
        waiting.running = waiting.running.saturating_sub(1);
    }

    /// Searches waiting for a thread now.
    pub fn queued(&self) -> usize {
        self.lock().queues.values().map(VecDeque::len).sum()
    }

    /// How many searches had to wait for a thread, and their waits in all (ms).
    pub fn waits(&self) -> (u64, u64) {
        (
            self.waited.load(Ordering::Relaxed),
            self.waited_ms.load(Ordering::Relaxed),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn histogram() -> prometheus_client::metrics::histogram::Histogram {
        prometheus_client::metrics::histogram::Histogram::new([0.1, 1.0])
    }

    #[tokio::test]
    async fn a_client_never_served_goes_before_one_served_and_its_searches_keep_their_order() {
        let pool = FairPool::new(1, histogram());
        let running = pool.acquire("busy").await.expect("a thread");
        let served = Arc::new(Mutex::new(Vec::new()));
        let mut waiters = Vec::new();
        // The busy client queues four searches, then another client one.
        for (i, client) in ["busy", "busy", "busy", "busy", "other"]
            .into_iter()
            .enumerate()
        {
            let (waiter, served) = (Arc::clone(&pool), Arc::clone(&served));
            waiters.push(tokio::spawn(async move {
                let permit = waiter.acquire(client).await.expect("a thread");
                served
                    .lock()
                    .expect("the list")
                    .push(format!("{client}{i}"));
                drop(permit);
            }));
            tokio::task::yield_now().await;
            while pool.queued() <= i {
                tokio::task::yield_now().await;
            }
        }
        drop(running);
        for waiter in waiters {
            waiter.await.expect("served");
        }
        let served = served.lock().expect("the list").clone();
        assert_eq!(served[0], "other4", "never served, it is next: {served:?}");
        assert_eq!(&served[1..], ["busy0", "busy1", "busy2", "busy3"]);
        assert_eq!(pool.waits().0, 5);
    }

    #[tokio::test]
    async fn a_client_with_no_search_running_is_served_first() {
        let pool = FairPool::new(2, histogram());
        let first = pool.acquire("busy").await.expect("a thread");
        let _second = pool.acquire("busy").await.expect("a thread");
        let served = Arc::new(Mutex::new(Vec::new()));
        let mut waiters = Vec::new();
        for (i, client) in ["busy", "busy", "other"].into_iter().enumerate() {
            let (waiter, served) = (Arc::clone(&pool), Arc::clone(&served));
            waiters.push(tokio::spawn(async move {
                let permit = waiter.acquire(client).await.expect("a thread");
                served.lock().expect("the list").push(client);
                permit
            }));
            while pool.queued() <= i {
                tokio::task::yield_now().await;
            }
        }
        // One of the busy client's two searches ends: the other client, with none
        // running, gets its thread although the busy client asked first.
        drop(first);
        while served.lock().expect("the list").is_empty() {
            tokio::task::yield_now().await;
        }
        assert_eq!(served.lock().expect("the list").clone(), ["other"]);
        for waiter in waiters {
            waiter.abort();
        }
    }

    #[tokio::test]
    async fn a_search_that_stops_waiting_passes_its_turn_on() {
        let pool = FairPool::new(1, histogram());
        let running = pool.acquire("a").await.expect("a thread");
        let gone = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.acquire("b").await.map(drop) })
        };
        while pool.queued() == 0 {
            tokio::task::yield_now().await;
        }
        gone.abort();
        let _ = gone.await;
        drop(running);
        let again = tokio::time::timeout(std::time::Duration::from_secs(1), pool.acquire("c"))
            .await
            .expect("the thread is free again");
        assert!(again.is_ok());
    }
}
