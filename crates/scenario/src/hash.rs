//! Content hashes for saves: a save names the exact scenario and catalog files it was played
//! with. FNV-1a 64 is enough to notice an edited file (it is not a defence against forgery) and
//! is the same function the engine's checksums use, so no new dependency is needed.

/// The FNV-1a 64 hash of `bytes`, as 16 lowercase hex digits.
pub fn content_hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::content_hash;

    #[test]
    fn known_vectors() {
        // The published FNV-1a 64 test vectors.
        assert_eq!(content_hash(b""), "cbf29ce484222325");
        assert_eq!(content_hash(b"a"), "af63dc4c8601ec8c");
        assert_eq!(content_hash(b"foobar"), "85944171f73967e8");
    }
}
