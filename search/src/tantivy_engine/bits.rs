//! A set of a segment's documents as a plain bitset, for counting without words: the
//! collector's sets (the admitted documents, each group's passing ones, the hits) are built
//! and intersected a word (64 documents) at a time, and a value's count is the population
//! count of an intersection. The matching of saved searches keeps its sets of new vacancies in it
//! too, here and in `domain::alerts::prefilter` (exported as `search::DocBits`).

/// A set of document ids below `max_doc`.
#[derive(Clone, Debug, PartialEq)]
pub struct DocBits {
    words: Vec<u64>,
}

impl DocBits {
    pub fn zeros(max_doc: u32) -> DocBits {
        DocBits {
            words: vec![0; (max_doc as usize).div_ceil(64)],
        }
    }

    /// The documents for which `keep` holds, decided for every document in order.
    pub fn from_fn(max_doc: u32, mut keep: impl FnMut(u32) -> bool) -> DocBits {
        let mut words = Vec::with_capacity((max_doc as usize).div_ceil(64));
        let mut doc = 0;
        while doc < max_doc {
            let end = max_doc.min(doc + 64);
            let mut word = 0u64;
            for (bit, doc) in (doc..end).enumerate() {
                word |= u64::from(keep(doc)) << bit;
            }
            words.push(word);
            doc = end;
        }
        DocBits { words }
    }

    #[inline]
    pub fn insert(&mut self, doc: u32) {
        self.words[doc as usize >> 6] |= 1 << (doc & 63);
    }

    #[inline]
    pub fn contains(&self, doc: u32) -> bool {
        self.words
            .get(doc as usize >> 6)
            .is_some_and(|word| word >> (doc & 63) & 1 != 0)
    }

    /// Keeps only the documents `other` holds too.
    pub fn intersect(&mut self, other: &DocBits) {
        for (word, other) in self.words.iter_mut().zip(&other.words) {
            *word &= other;
        }
    }

    /// Adds the documents of `other`.
    pub fn unite(&mut self, other: &DocBits) {
        for (word, other) in self.words.iter_mut().zip(&other.words) {
            *word |= other;
        }
    }

    /// Keeps only the documents for which `keep` holds, asking only about the ones held.
    pub fn retain(&mut self, mut keep: impl FnMut(u32) -> bool) {
        for (index, word) in self.words.iter_mut().enumerate() {
            let mut rest = *word;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                if !keep((index as u32) << 6 | bit) {
                    *word &= !(1 << bit);
                }
                rest &= rest - 1;
            }
        }
    }

    /// Empties the set, keeping its size.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Makes this set hold exactly what `other` holds (of the same size), reusing its memory.
    pub fn copy_from(&mut self, other: &DocBits) {
        self.words.copy_from_slice(&other.words);
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|word| *word == 0)
    }

    /// The documents held, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        members(&self.words)
    }

    pub fn len(&self) -> u64 {
        self.words
            .iter()
            .map(|word| u64::from(word.count_ones()))
            .sum()
    }

    /// How many documents both sets hold.
    pub fn intersection_len(&self, other: &DocBits) -> u64 {
        self.words
            .iter()
            .zip(&other.words)
            .map(|(a, b)| u64::from((a & b).count_ones()))
            .sum()
    }

    /// Calls `each` with every document held, ascending.
    #[inline]
    pub fn for_each(&self, mut each: impl FnMut(u32)) {
        for (index, &word) in self.words.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                each((index as u32) << 6 | rest.trailing_zeros());
                rest &= rest - 1;
            }
        }
    }
}

/// The positions of the bits set in `words` (64 a word, the lowest bit first), ascending.
pub(crate) fn members(words: &[u64]) -> impl Iterator<Item = u32> + '_ {
    words.iter().enumerate().flat_map(|(index, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                (index as u32) << 6 | bit
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::DocBits;

    #[test]
    fn sets_hold_what_they_were_given() {
        let max_doc = 200;
        let evens = DocBits::from_fn(max_doc, |doc| doc % 2 == 0);
        let mut threes = DocBits::zeros(max_doc);
        for doc in (0..max_doc).filter(|doc| doc % 3 == 0) {
            threes.insert(doc);
        }
        assert_eq!(evens.len(), 100);
        assert_eq!(threes.len(), 67);
        assert_eq!(evens.intersection_len(&threes), 34);
        assert!(evens.contains(198) && !evens.contains(199) && !evens.contains(200));

        let mut both = evens.clone();
        both.intersect(&threes);
        let mut held = Vec::new();
        both.for_each(|doc| held.push(doc));
        assert_eq!(
            held,
            (0..max_doc).filter(|d| d % 6 == 0).collect::<Vec<_>>()
        );
        assert_eq!(both.iter().collect::<Vec<_>>(), held);

        let mut copy = DocBits::zeros(max_doc);
        copy.copy_from(&both);
        assert_eq!(copy, both);
        assert!(!copy.is_empty());
        copy.clear();
        assert!(copy.is_empty() && copy.iter().next().is_none());

        let mut either = evens.clone();
        either.unite(&threes);
        assert_eq!(either.len(), 133);
        either.retain(|doc| doc >= 100);
        assert_eq!(
            either.len(),
            (100..max_doc).filter(|d| d % 2 == 0 || d % 3 == 0).count() as u64
        );
    }
}
