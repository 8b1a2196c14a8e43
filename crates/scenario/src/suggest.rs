//! "Did you mean" suggestions: the closest known name by edit distance, so a typo in a field,
//! stat, side or catalog id gets a fix instead of a bare "unknown". Public for the command
//! line's forgiving action prompt, which suggests the same way.

/// Levenshtein distance over characters, case-insensitive. Inputs past 200 characters are not
/// names anyone meant to type; they get `usize::MAX` so that arbitrary input stays cheap.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    if a.len() > 200 || b.len() > 200 {
        return usize::MAX;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let subst = prev[j] + usize::from(ca != cb);
            cur[j + 1] = subst.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The candidate closest to `word`, if it is close enough to be a likely typo: within a third
/// of the longer length (at least 1), or `word` is a prefix of it of three or more characters.
pub fn closest<'a, I>(word: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let mut best: Option<(usize, &'a str)> = None;
    for cand in candidates {
        if cand == word {
            continue;
        }
        let d = edit_distance(word, cand);
        let limit = (word.chars().count().max(cand.chars().count()) / 3).max(1);
        let prefix =
            word.chars().count() >= 3 && cand.to_lowercase().starts_with(&word.to_lowercase());
        if (d <= limit || prefix) && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, cand));
        }
    }
    best.map(|(_, c)| c)
}

/// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`: names to choose from, for a message.
pub fn one_of<'a, I>(names: I) -> String
where
    I: IntoIterator<Item = &'a str>,
{
    list(names, "or")
}

/// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`: a full list of names, for a message.
pub fn all_of<'a, I>(names: I) -> String
where
    I: IntoIterator<Item = &'a str>,
{
    list(names, "and")
}

fn list<'a, I>(names: I, conjunction: &str) -> String
where
    I: IntoIterator<Item = &'a str>,
{
    let names: Vec<String> = names.into_iter().map(|n| format!("'{n}'")).collect();
    match names.len() {
        0 => "(none)".to_string(),
        1 => names[0].clone(),
        n => format!(
            "{} {conjunction} {}",
            names[..n - 1].join(", "),
            names[n - 1]
        ),
    }
}

/// A help line: "did you mean 'x'?" when one is close, else "use one of: …".
pub fn did_you_mean<'a, I>(word: &str, candidates: I) -> String
where
    I: IntoIterator<Item = &'a str> + Clone,
{
    match closest(word, candidates.clone()) {
        Some(c) => format!("did you mean '{c}'?"),
        None => format!("use {}", one_of(candidates)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("Dex", "dex"), 0);
    }

    #[test]
    fn closest_finds_typos_and_prefixes_only() {
        let c = ["dexterity", "firearms", "dodge"];
        assert_eq!(closest("dexterty", c), Some("dexterity"));
        assert_eq!(closest("dex", c), Some("dexterity"));
        assert_eq!(closest("strength", c), None);
        assert_eq!(
            closest("dodge", c),
            None,
            "an exact name is not a suggestion"
        );
    }

    #[test]
    fn lists() {
        assert_eq!(one_of(["a"]), "'a'");
        assert_eq!(one_of(["a", "b", "c"]), "'a', 'b' or 'c'");
        assert_eq!(all_of(["a", "b"]), "'a' and 'b'");
        assert_eq!(did_you_mean("hx", ["hex", "square"]), "did you mean 'hex'?");
        assert_eq!(
            did_you_mean("tri", ["hex", "square"]),
            "use 'hex' or 'square'"
        );
    }
}
