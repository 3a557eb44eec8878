//! Near-duplicate texts by MinHash over word shingles, with locality-sensitive banding to find
//! the candidates by an index probe instead of comparing with every live ad.
//!
//! - A text's *shingles* are its runs of [`SHINGLE`] consecutive words (the words as
//!   [`super::words::words`] reads them), each hashed to 64 bits (FNV-1a).
//! - Its *signature* is, for each of [`HASHES`] hash functions (the shingle hash mixed with a
//!   per-function seed by SplitMix64), the smallest value over its shingles. Two signatures agree
//!   at a position with the probability that equals the Jaccard similarity of the shingle sets, so
//!   the share of equal positions estimates it ([`similarity`]).
//! - The signature is cut in [`BANDS`] bands of [`ROWS`] values; each band hashes to one number
//!   ([`bands`]). Two texts of similarity `s` share a band with the probability
//!   `1 - (1 - s^ROWS)^BANDS`: 0.9999 at s = 0.8, 0.55 at s = 0.4, 0.03 at s = 0.2. Stored with a
//!   GIN index, the bands find the candidates; the signature then decides.
//!
//! Written here rather than taken from a crate: the signatures are stored, so the hash functions
//! must never change with a dependency's version (the MinHash crates seed their hashers from
//! their own defaults or at random), and what is needed is these forty lines.

/// Words per shingle.
pub(super) const SHINGLE: usize = 3;
/// Values in a signature.
pub(super) const HASHES: usize = 128;
/// Bands of the signature, and values per band.
pub(super) const BANDS: usize = 32;
pub(super) const ROWS: usize = HASHES / BANDS;
/// The estimated similarity from which two ads are near-duplicates.
pub const NEAR_DUPLICATE: f64 = 0.8;

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in bytes {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn shingles(text: &str) -> Vec<u64> {
    let words = super::words::words(text);
    let mut shingles: Vec<u64> = words.windows(SHINGLE).map(|w| fnv1a(w.join(" ").as_bytes())).collect();
    shingles.sort_unstable();
    shingles.dedup();
    shingles
}

/// The exact Jaccard similarity of two texts' shingle sets (what a signature estimates), for
/// measuring the detector.
pub fn exact_similarity(a: &str, b: &str) -> f64 {
    let (a, b) = (shingles(a), shingles(b));
    let common = a.iter().filter(|s| b.binary_search(s).is_ok()).count();
    let union = a.len() + b.len() - common;
    if union == 0 { 0.0 } else { common as f64 / union as f64 }
}

/// The signature of a text (see the module's comment); `None` for a text of fewer words than a
/// shingle, which nothing is a duplicate of.
pub fn signature(text: &str) -> Option<Vec<i64>> {
    let shingles = shingles(text);
    if shingles.is_empty() {
        return None;
    }
    let signature = (0..HASHES as u64)
        .map(|i| {
            let seed = splitmix64(i.wrapping_add(0x5eed));
            // stored as Postgres bigint: the bits as they are
            shingles.iter().map(|s| splitmix64(s ^ seed)).min().unwrap_or(u64::MAX) as i64
        })
        .collect();
    Some(signature)
}

/// The band hashes of a signature, each mixed with its band's number so that equal values in
/// different bands never meet.
pub fn bands(signature: &[i64]) -> Vec<i64> {
    signature
        .chunks(ROWS)
        .enumerate()
        .map(|(band, rows)| {
            let mut bytes = Vec::with_capacity(8 * (ROWS + 1));
            bytes.extend_from_slice(&(band as u64).to_le_bytes());
            for value in rows {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
            fnv1a(&bytes) as i64
        })
        .collect()
}

/// A signature as stored (`vacancy_text_signatures.minhash`): each value's 8 bytes, big-endian,
/// as Postgres' `int8send` writes a `bigint`; one copy to send and read, where a `bigint[]` went
/// element by element.
pub fn to_bytes(signature: &[i64]) -> Vec<u8> {
    signature.iter().flat_map(|value| value.to_be_bytes()).collect()
}

/// A signature from its stored bytes ([`to_bytes`]); a trailing part shorter than a value is
/// ignored (none is ever stored).
pub fn from_bytes(bytes: &[u8]) -> Vec<i64> {
    bytes.chunks_exact(8).map(|value| i64::from_be_bytes(value.try_into().expect("8 bytes"))).collect()
}

/// The estimated Jaccard similarity of the shingle sets of two signatures.
pub fn similarity(a: &[i64], b: &[i64]) -> f64 {
    if a.is_empty() || a.len() != b.len() {
        return 0.0;
    }
    a.iter().zip(b).filter(|(x, y)| x == y).count() as f64 / a.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_is_stored_as_postgres_writes_its_bigints_and_reads_back() {
        assert_eq!(to_bytes(&[1, -1]), [0, 0, 0, 0, 0, 0, 0, 1, 255, 255, 255, 255, 255, 255, 255, 255]);
        let signature = signature("Otsime kogenud laotöötajat Tallinnas Peterburi teel").expect("a signature");
        assert_eq!(from_bytes(&to_bytes(&signature)), signature);
        assert!(from_bytes(&[]).is_empty());
    }

    const AD: &str = "Otsime oma meeskonda kogenud laotöötajat, kes komplekteerib tellimusi, võtab vastu kaupa \
        ja hoiab lao korras. Pakume stabiilset tööd, konkurentsivõimelist palka, tasuta parkimist ja sõbralikku \
        kollektiivi. Töö toimub kahes vahetuses Tallinnas Peterburi teel.";

    #[test]
    fn the_same_text_is_a_duplicate_whatever_its_case_and_punctuation() {
        let a = signature(AD).unwrap();
        assert_eq!(a.len(), HASHES);
        assert_eq!(similarity(&a, &signature(&AD.to_uppercase().replace(',', " ;")).unwrap()), 1.0);
        assert_eq!(bands(&a).len(), BANDS);
    }

    #[test]
    fn a_lightly_edited_copy_is_near_and_another_text_is_far() {
        let a = signature(AD).unwrap();
        let edited = format!("{AD} Kandideeri kohe!");
        let near = similarity(&a, &signature(&edited).unwrap());
        assert!(near >= NEAR_DUPLICATE, "edited copy {near}");
        // three edits in a text of forty words change a quarter of its shingles: no longer near
        let rewritten = AD.replace("Tallinnas", "Tartus").replace("tasuta parkimist ja ", "") + " Kandideeri kohe!";
        let far_enough = similarity(&a, &signature(&rewritten).unwrap());
        assert!(far_enough < NEAR_DUPLICATE, "rewritten {far_enough}");
        let other = "We are hiring a senior Rust developer to build the search engine of a job board; \
            you will own indexing, ranking and the query language, and work with a small product team.";
        let far = similarity(&a, &signature(other).unwrap());
        assert!(far < 0.1, "another text {far}");
        // the bands find the near one
        let shared = bands(&a).iter().zip(bands(&signature(&edited).unwrap())).filter(|(x, y)| *x == y).count();
        assert!(shared > 0);
    }

    #[test]
    fn a_text_shorter_than_a_shingle_has_no_signature() {
        assert_eq!(signature("Kokk vajalik"), None);
    }
}
