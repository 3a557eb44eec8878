//! Visitors' vacancy searches, answered from memory: the default browse and the popular searches
//! are the same few queries, and each answer holds until the index changes.
//!
//! An entry is the answer's JSON as sent, keyed by the normalized query (the validated filter
//! with its code lists sorted, the page, the size and the locale). It is used only while the
//! engine's [`SearchEngine::vacancy_version`](search::SearchEngine::vacancy_version) is the one it
//! was computed on (every commit of the index pipeline and every rebuild swap changes it), and only
//! until the first instant its answer would change on its own: the first `valid_until` among the
//! matching vacancies, or the moment a card on the page stops being "new". Only answers without
//! per-viewer parts are kept: a signed-in applicant's favourites are marked on the cards, so an
//! applicant's search is never answered from here. At most [`CAPACITY`] answers (about 30 KB
//! each) are kept, the least recently used leave first. An answer keeps its br and gzip forms too,
//! each made on its first use, so a kept answer is compressed once, not on every request.
//!
//! Most searches are asked once (the long tail of words and filter combinations), so the answer
//! computed for a request is compressed for that request alone, in the coding cheapest to make
//! ([`Answer::for_search`]): gzip at level 1 costs 29 % of the instructions of brotli at quality 4
//! for a 28 KB answer, for 2.7 KB more on the wire (`docs/search.md`, "Compressing answers").
//! The kept forms are made only when an answer is asked again.

use std::io::Write;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, OnceLock};

use axum::body::Bytes;
use chrono::{DateTime, Utc};
use domain::Locale;
use search::VacancyQuery;

/// Answers kept.
pub const CAPACITY: usize = 1024;

/// brotli quality of the kept answers: tower-http's default for answers compressed on the fly.
const BR_QUALITY: u32 = 4;
const BR_WINDOW: u32 = 22;
/// brotli quality and gzip level of an answer compressed for one request: the fastest levels that
/// still compress JSON well (brotli 1 only for a client that takes no gzip).
const BR_ONCE_QUALITY: u32 = 1;
const GZIP_ONCE_LEVEL: u32 = 1;

/// A content coding an answer is sent in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coding {
    Br,
    Gzip,
}

/// Says that a response's body is in `coding` (the compression layer then leaves it alone).
pub fn mark_encoded(headers: &mut axum::http::HeaderMap, coding: Option<Coding>) {
    if let Some(coding) = coding {
        headers.insert(axum::http::header::CONTENT_ENCODING, axum::http::HeaderValue::from_static(coding.name()));
        headers.append(axum::http::header::VARY, axum::http::HeaderValue::from_static("accept-encoding"));
    }
}

impl Coding {
    /// The coding to send for an `Accept-Encoding` header: br when accepted, else gzip when
    /// accepted, else none (identity). A coding with `q=0` is refused.
    pub fn accepted(header: Option<&str>) -> Option<Coding> {
        match Coding::parse(header) {
            (true, _) => Some(Coding::Br),
            (false, true) => Some(Coding::Gzip),
            _ => None,
        }
    }

    /// The coding cheapest to make that the client accepts: gzip, else br, else none.
    pub fn cheapest(header: Option<&str>) -> Option<Coding> {
        match Coding::parse(header) {
            (_, true) => Some(Coding::Gzip),
            (true, false) => Some(Coding::Br),
            _ => None,
        }
    }

    /// Whether the header accepts br and gzip.
    fn parse(header: Option<&str>) -> (bool, bool) {
        let (mut br, mut gzip) = (false, false);
        for part in header.unwrap_or("").split(',') {
            let mut pieces = part.split(';');
            let token = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
            let quality = pieces.find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.trim().parse::<f32>().ok())).unwrap_or(1.0);
            if quality > 0.0 {
                match token.as_str() {
                    "br" => br = true,
                    "gzip" | "x-gzip" => gzip = true,
                    _ => {}
                }
            }
        }
        (br, gzip)
    }

    /// The `Content-Encoding` value.
    pub fn name(self) -> &'static str {
        match self {
            Coding::Br => "br",
            Coding::Gzip => "gzip",
        }
    }
}

/// A search answer as sent, with its compressed forms made on first use.
pub struct Answer {
    pub body: Bytes,
    br: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Answer {
    pub fn new(body: Bytes) -> Answer {
        Answer { body, br: OnceLock::new(), gzip: OnceLock::new() }
    }

    /// The body to send to a client accepting `coding` (compressed only from
    /// [`crate::COMPRESS_ABOVE`] bytes, as the compression layer would), with the coding it is in.
    pub fn for_client(&self, coding: Option<Coding>) -> (Bytes, Option<Coding>) {
        match coding.filter(|_| self.body.len() >= usize::from(crate::COMPRESS_ABOVE)) {
            Some(coding) => (self.encoded(coding), Some(coding)),
            None => (self.body.clone(), None),
        }
    }

    /// A search answer's body for a client sending `accept_encoding`. One computed for this
    /// request (`fresh`) is compressed for it alone, in the coding cheapest to make at a fast level,
    /// and nothing is kept: most are never asked again. One asked again gets the kept forms
    /// ([`Self::for_client`]).
    pub fn for_search(&self, accept_encoding: Option<&str>, fresh: bool) -> (Bytes, Option<Coding>) {
        if !fresh {
            return self.for_client(Coding::accepted(accept_encoding));
        }
        match Coding::cheapest(accept_encoding).filter(|_| self.body.len() >= usize::from(crate::COMPRESS_ABOVE)) {
            Some(coding) => (compress(&self.body, coding, Level::Once), Some(coding)),
            None => (self.body.clone(), None),
        }
    }

    /// The body in `coding`, made once and kept.
    pub fn encoded(&self, coding: Coding) -> Bytes {
        let form = match coding {
            Coding::Br => &self.br,
            Coding::Gzip => &self.gzip,
        };
        form.get_or_init(|| compress(&self.body, coding, Level::Kept)).clone()
    }
}

/// How hard to compress.
#[derive(Clone, Copy)]
enum Level {
    /// A form kept and sent many times.
    Kept,
    /// A body sent once.
    Once,
}

fn compress(body: &[u8], coding: Coding, level: Level) -> Bytes {
    let capacity = body.len() / 4;
    match coding {
        Coding::Br => {
            let quality = match level {
                Level::Kept => BR_QUALITY,
                Level::Once => BR_ONCE_QUALITY,
            };
            let mut writer = brotli::CompressorWriter::new(Vec::with_capacity(capacity), 4096, quality, BR_WINDOW);
            writer.write_all(body).expect("writing to memory");
            Bytes::from(writer.into_inner())
        }
        Coding::Gzip => {
            let level = match level {
                Level::Kept => flate2::Compression::default(),
                Level::Once => flate2::Compression::new(GZIP_ONCE_LEVEL),
            };
            let mut writer = flate2::write::GzEncoder::new(Vec::with_capacity(capacity), level);
            writer.write_all(body).expect("writing to memory");
            Bytes::from(writer.finish().expect("writing to memory"))
        }
    }
}

struct Entry<T> {
    version: (u64, u64),
    /// The `now` the answer was computed for...
    from: DateTime<Utc>,
    /// ...and the first instant it may be wrong.
    until: DateTime<Utc>,
    answer: Arc<T>,
}

/// An answer being computed, for every caller that asks for it meanwhile: the answer and
/// whether it was kept.
type Flight<T> = Arc<tokio::sync::OnceCell<(Arc<T>, bool)>>;

/// Answers kept while the index stays at the version they were computed on and until their
/// bound, the least recently used leaving first: visitors' searches ([`SearchCache`]) and the
/// server-painted vacancy pages (web.rs). Cheap to clone (shared inside).
pub struct AnswerCache<T> {
    entries: Arc<Mutex<lru::LruCache<String, Entry<T>>>>,
    /// Answers being computed, by key, with the version they are computed on.
    flights: Arc<Mutex<std::collections::HashMap<String, ((u64, u64), Flight<T>)>>>,
}

/// Where an answer of [`AnswerCache::get_or_compute`] came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Kept, or computed by another caller at the same time and kept.
    Kept,
    /// Computed for this caller, and kept.
    Computed,
    /// Computed (for this caller or another one at the same time) and not kept: it changes on its
    /// own too soon.
    NotKept,
}

impl Source {
    /// The value of the answer's cache header (`hit`, `miss`, none).
    pub fn header(self) -> Option<&'static str> {
        match self {
            Source::Kept => Some("hit"),
            Source::Computed => Some("miss"),
            Source::NotKept => None,
        }
    }
}

/// Visitors' search answers.
pub type SearchCache = AnswerCache<Answer>;

impl<T> Clone for AnswerCache<T> {
    fn clone(&self) -> Self {
        AnswerCache { entries: self.entries.clone(), flights: self.flights.clone() }
    }
}

impl<T> Default for AnswerCache<T> {
    fn default() -> Self {
        AnswerCache::new(CAPACITY)
    }
}

impl SearchCache {
    /// The key of a query for a reader of `locale`: the same search written differently (codes
    /// in another order, repeated) has the same key, the instant of the query is left out.
    pub fn key(query: &VacancyQuery, locale: Locale) -> String {
        let mut normal = VacancyQuery { now: DateTime::UNIX_EPOCH, ..query.clone() };
        for list in [
            &mut normal.category_codes,
            &mut normal.place_codes,
            &mut normal.employment_types,
            &mut normal.work_experiences,
            &mut normal.language_codes,
            &mut normal.business_names,
        ] {
            list.sort_unstable();
            list.dedup();
        }
        normal.text = normal.text.map(|t| t.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()).filter(|t| !t.is_empty());
        format!("{}:{}", locale.code(), serde_json::to_string(&normal).unwrap_or_default())
    }
}

impl<T> AnswerCache<T> {
    pub fn new(capacity: usize) -> AnswerCache<T> {
        let capacity = NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN);
        AnswerCache { entries: Arc::new(Mutex::new(lru::LruCache::new(capacity))), flights: Arc::default() }
    }

    /// The answer kept for `key` at `version`, or else the one `compute` makes (with the first
    /// instant it may be wrong, `None` when it may not be kept), kept when it may be. Callers that
    /// ask for the same key and version while it is computed wait for that answer instead of
    /// computing it again: a commit changes the version, and the connections that ask for a
    /// popular search right after it would otherwise each compute it, on the cores the writer
    /// needs. When the computing caller fails or goes away, the next waiting one computes.
    pub async fn get_or_compute<E, Fut>(
        &self,
        key: String,
        version: (u64, u64),
        now: DateTime<Utc>,
        compute: impl FnOnce() -> Fut,
    ) -> Result<(Arc<T>, Source), E>
    where
        Fut: std::future::Future<Output = Result<(Arc<T>, Option<DateTime<Utc>>), E>>,
    {
        if let Some(answer) = self.get(&key, version, now) {
            return Ok((answer, Source::Kept));
        }
        let flight: Flight<T> = {
            let mut flights = self.flights.lock().unwrap_or_else(|p| p.into_inner());
            match flights.get(&key) {
                Some((at, flight)) if *at == version => flight.clone(),
                _ => {
                    let flight = Flight::default();
                    flights.insert(key.clone(), (version, flight.clone()));
                    flight
                }
            }
        };
        let mut computed_here = false;
        let outcome = flight
            .get_or_try_init(|| async {
                computed_here = true;
                let (answer, until) = compute().await?;
                let kept = until.is_some_and(|until| until > now);
                if let Some(until) = until.filter(|_| kept) {
                    self.put(key.clone(), version, now, until, answer.clone());
                }
                Ok((answer, kept))
            })
            .await
            .map(|(answer, kept)| (answer.clone(), *kept));
        {
            // the flight is over: later callers find the kept answer, or compute afresh
            let mut flights = self.flights.lock().unwrap_or_else(|p| p.into_inner());
            if flights.get(&key).is_some_and(|(_, current)| Arc::ptr_eq(current, &flight)) {
                flights.remove(&key);
            }
        }
        let (answer, kept) = outcome?;
        let source = match (kept, computed_here) {
            (false, _) => Source::NotKept,
            (true, true) => Source::Computed,
            (true, false) => Source::Kept,
        };
        Ok((answer, source))
    }

    /// The answer kept for `key`, if it was computed on `version` and still holds at `now`.
    pub fn get(&self, key: &str, version: (u64, u64), now: DateTime<Utc>) -> Option<Arc<T>> {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let entry = entries.get(key)?;
        if entry.version == version && entry.from <= now && now < entry.until {
            return Some(entry.answer.clone());
        }
        entries.pop(key);
        None
    }

    /// Keeps an answer computed on `version` at `from` that holds until `until`.
    pub fn put(&self, key: String, version: (u64, u64), from: DateTime<Utc>, until: DateTime<Utc>, answer: Arc<T>) {
        if until <= from {
            return;
        }
        self.entries.lock().unwrap_or_else(|p| p.into_inner()).put(key, Entry { version, from, until, answer });
    }

    /// Answers kept now.
    pub fn len(&self) -> usize {
        self.entries.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query() -> VacancyQuery {
        VacancyQuery { category_codes: vec!["IT".into(), "CATERING".into()], text: Some(" Kokk  abi ".into()), size: 20, ..VacancyQuery::default() }
    }

    #[test]
    fn the_same_search_written_differently_has_one_key() {
        let mut other = query();
        other.category_codes = vec!["CATERING".into(), "IT".into(), "IT".into()];
        other.text = Some("kokk abi".into());
        other.now = Utc::now();
        assert_eq!(SearchCache::key(&query(), Locale::Et), SearchCache::key(&other, Locale::Et));
        assert_ne!(SearchCache::key(&query(), Locale::Et), SearchCache::key(&query(), Locale::En));
        other.page = 1;
        assert_ne!(SearchCache::key(&query(), Locale::Et), SearchCache::key(&other, Locale::Et));
    }

    #[test]
    fn an_answer_holds_for_its_version_and_until_its_bound() {
        let cache = SearchCache::new(2);
        let now = Utc::now();
        let until = now + chrono::Duration::minutes(5);
        cache.put("a".into(), (1, 1), now, until, Arc::new(Answer::new(Bytes::from_static(b"{}"))));
        assert_eq!(cache.get("a", (1, 1), now + chrono::Duration::minutes(1)).map(|a| a.body.clone()).as_deref(), Some(&b"{}"[..]));
        assert!(cache.get("a", (1, 1), until).is_none(), "past its bound");
        cache.put("a".into(), (1, 1), now, until, Arc::new(Answer::new(Bytes::from_static(b"{}"))));
        assert!(cache.get("a", (1, 2), now).is_none(), "another index version");
        assert!(cache.is_empty(), "a stale entry leaves");
    }

    #[test]
    fn the_coding_follows_accept_encoding() {
        assert_eq!(Coding::accepted(Some("gzip, deflate, br, zstd")), Some(Coding::Br));
        assert_eq!(Coding::accepted(Some("gzip")), Some(Coding::Gzip));
        assert_eq!(Coding::accepted(Some("br;q=0, gzip;q=0.5")), Some(Coding::Gzip));
        assert_eq!(Coding::accepted(Some("identity")), None);
        assert_eq!(Coding::accepted(None), None);
    }

    #[test]
    fn an_answer_sent_once_is_compressed_the_cheapest_way_and_not_kept() {
        use std::io::Read;
        assert_eq!(Coding::cheapest(Some("br, gzip")), Some(Coding::Gzip));
        assert_eq!(Coding::cheapest(Some("br")), Some(Coding::Br));
        assert_eq!(Coding::cheapest(Some("gzip;q=0, br")), Some(Coding::Br));
        assert_eq!(Coding::cheapest(Some("identity")), None);
        let body = Bytes::from(serde_json::to_vec(&(0..2000).map(|n| format!("kokk {n}")).collect::<Vec<_>>()).unwrap());
        let answer = Answer::new(body.clone());
        let (once, coding) = answer.for_search(Some("br, gzip"), true);
        assert_eq!(coding, Some(Coding::Gzip));
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&once[..]).read_to_end(&mut decoded).unwrap();
        assert_eq!(decoded, body);
        assert!(answer.gzip.get().is_none() && answer.br.get().is_none(), "nothing is kept for one request");
        let (br_once, coding) = answer.for_search(Some("br"), true);
        assert_eq!(coding, Some(Coding::Br));
        let mut decoded = Vec::new();
        brotli_decompressor::Decompressor::new(&br_once[..], 4096).read_to_end(&mut decoded).unwrap();
        assert_eq!(decoded, body);
        // asked again: the preferred coding, made once at the kept level and kept
        let (again, coding) = answer.for_search(Some("br, gzip"), false);
        assert_eq!(coding, Some(Coding::Br));
        assert_eq!(answer.br.get(), Some(&again));
        assert!(again.len() < once.len(), "the kept form is the smaller: {} vs {}", again.len(), once.len());
        // small answers go as they are
        assert_eq!(Answer::new(Bytes::from_static(b"{}")).for_search(Some("gzip"), true).1, None);
    }

    #[test]
    fn the_compressed_forms_decode_to_the_answer() {
        use std::io::Read;
        let body = Bytes::from(serde_json::to_vec(&vec!["kokk"; 500]).unwrap());
        let answer = Answer::new(body.clone());
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&answer.encoded(Coding::Gzip)[..]).read_to_end(&mut decoded).unwrap();
        assert_eq!(decoded, body);
        let br = answer.encoded(Coding::Br);
        assert!(br.len() < body.len() / 10);
        let mut decoded = Vec::new();
        brotli_decompressor::Decompressor::new(&br[..], 4096).read_to_end(&mut decoded).unwrap();
        assert_eq!(decoded, body);
    }

    #[tokio::test]
    async fn callers_asking_while_an_answer_is_computed_wait_for_it_and_it_is_computed_once() {
        let cache: SearchCache = AnswerCache::new(8);
        let now = Utc::now();
        let until = now + chrono::Duration::minutes(5);
        let computed = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let ask = |version: (u64, u64), until: Option<DateTime<Utc>>| {
            let (cache, computed) = (cache.clone(), computed.clone());
            async move {
                cache
                    .get_or_compute("a".into(), version, now, || async move {
                        computed.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                        Ok::<_, ()>((Arc::new(Answer::new(Bytes::from_static(b"{}"))), until))
                    })
                    .await
                    .unwrap()
                    .1
            }
        };
        let sources = futures::future::join_all((0..8).map(|_| ask((1, 1), Some(until)))).await;
        assert_eq!(computed.load(std::sync::atomic::Ordering::SeqCst), 1, "one computation for eight callers");
        assert_eq!(sources.iter().filter(|s| **s == Source::Computed).count(), 1);
        assert_eq!(sources.iter().filter(|s| **s == Source::Kept).count(), 7);
        assert_eq!(ask((1, 1), Some(until)).await, Source::Kept, "kept afterwards");
        assert_eq!(ask((1, 2), Some(until)).await, Source::Computed, "another version is computed again");
        assert_eq!(computed.load(std::sync::atomic::Ordering::SeqCst), 2);
        // an answer that may not be kept is shared with those who waited, and computed again later
        cache.entries.lock().unwrap().clear();
        let sources = futures::future::join_all((0..3).map(|_| ask((1, 3), None))).await;
        assert_eq!(sources, vec![Source::NotKept; 3]);
        assert_eq!(computed.load(std::sync::atomic::Ordering::SeqCst), 3);
        assert_eq!(ask((1, 3), None).await, Source::NotKept);
        assert_eq!(computed.load(std::sync::atomic::Ordering::SeqCst), 4);
        assert!(cache.flights.lock().unwrap().is_empty(), "no flight is left behind");
    }

    #[tokio::test]
    async fn when_the_computing_caller_fails_a_waiting_one_computes() {
        let cache: SearchCache = AnswerCache::new(8);
        let now = Utc::now();
        let failing = cache.get_or_compute("a".into(), (1, 1), now, || async {
            tokio::time::sleep(std::time::Duration::from_millis(30)).await;
            Err::<(Arc<Answer>, Option<DateTime<Utc>>), &str>("engine down")
        });
        let waiting = cache.get_or_compute("a".into(), (1, 1), now, || async {
            Ok::<_, &str>((Arc::new(Answer::new(Bytes::from_static(b"{}"))), Some(now + chrono::Duration::minutes(1))))
        });
        let (failed, answered) = tokio::join!(failing, waiting);
        assert_eq!(failed.err(), Some("engine down"));
        assert_eq!(answered.unwrap().1, Source::Computed);
    }

    #[test]
    fn the_least_recently_used_answer_leaves_first() {
        let cache = SearchCache::new(2);
        let now = Utc::now();
        let until = now + chrono::Duration::minutes(5);
        for key in ["a", "b"] {
            cache.put(key.into(), (1, 1), now, until, Arc::new(Answer::new(Bytes::from_static(b"{}"))));
        }
        assert!(cache.get("a", (1, 1), now).is_some());
        cache.put("c".into(), (1, 1), now, until, Arc::new(Answer::new(Bytes::from_static(b"{}"))));
        assert!(cache.get("b", (1, 1), now).is_none());
        assert!(cache.get("a", (1, 1), now).is_some());
        assert_eq!(cache.len(), 2);
    }
}
