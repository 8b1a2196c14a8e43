//! Skills as the engine reads them: a bit per skill, and the weapon-familiarity groups that
//! include other skills (SK-6.9.2-a … SK-6.9.6-a, G-07, G-08).

/// Every 0/1 skill stat of the schema, in bit order.
pub const SKILLS: &[&str] = &[
    "axe",
    "bayonet",
    "bow",
    "crossbow",
    "knife",
    "polearms",
    "shield",
    "sword",
    "common_melee",
    "literacy",
    "running",
    "shotguns",
    "shoulderarms",
    "sidearms",
    "small_arms",
    "staff",
    "swimming",
    "thrown_weapons",
    "alertness",
    "automatic_weapons",
    "climbing",
    "enhanced_hearing",
    "expert_swimmer",
    "marksmanship",
    "spacesuit",
    "stealth",
    "tough",
    "very_tough",
    "weight_training",
    "acrobatics",
    "astrobatics",
    "fencing",
    "quick_reflexes",
    "medic",
    "tactics",
    "two_weapon_fighting",
    "expert_stealth",
    "strategy",
    "doctor",
    "common_missile",
    "flame_thrower",
    "machine_gun",
    "grenade_launcher",
    "heavy_weapons",
    "energy_weapons",
    "weapon_master",
    // ---- weapons and melee: SK-6.9.4-a, each uncommon weapon its own skill (Quarterstaff is
    // `staff`).
    "blowgun",
    "bola",
    "boomerang",
    "cestus",
    "lasso",
    "naginata",
    "net",
    "sha_ken",
    "spear_thrower",
];

/// The bit of a skill name; 0 for an unknown name. A `const fn`, so the engine's own checks
/// (`knows(mask, bit!("marksmanship"))`-style constants below) cost nothing at run time.
pub const fn bit(name: &str) -> u64 {
    let mut i = 0;
    while i < SKILLS.len() {
        if eq(SKILLS[i].as_bytes(), name.as_bytes()) {
            return 1u64 << i;
        }
        i += 1;
    }
    0
}

const fn eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

pub const MARKSMANSHIP: u64 = bit("marksmanship");
pub const THROWN_WEAPONS: u64 = bit("thrown_weapons");
pub const AUTOMATIC_WEAPONS: u64 = bit("automatic_weapons");
pub const ACROBATICS: u64 = bit("acrobatics");
pub const FENCING: u64 = bit("fencing");
pub const TOUGH: u64 = bit("tough");
pub const VERY_TOUGH: u64 = bit("very_tough");
pub const TACTICS: u64 = bit("tactics");
pub const STRATEGY: u64 = bit("strategy");

/// Whether a figure's (already expanded) mask holds the skill bit `b`.
pub const fn has(mask: u64, b: u64) -> bool {
    mask & b != 0
}

/// The groups that include other weapon skills: a figure with the group knows each member.
const GRANTS: &[(&str, &[&str])] = &[
    // SK-6.9.2-a / SK-6.2.1-a
    ("common_melee", &["axe", "knife", "polearms", "sword"]),
    // SK-6.9.3-a
    ("common_missile", &["bow", "crossbow"]),
    // SK-6.2.7-a / SK-6.9.5-a
    ("small_arms", &["sidearms", "shotguns", "shoulderarms"]),
    // G-07: Swords "includes Knives" (§6.9.1)
    ("sword", &["knife"]),
    // G-08: Heavy Weapons groups the heavy-weapon familiarities (INVENTED grouping)
    (
        "heavy_weapons",
        &["machine_gun", "grenade_launcher", "flame_thrower"],
    ),
];

/// The skill mask with every skill a group includes added.
pub fn expand(mut mask: u64) -> u64 {
    for (group, members) in GRANTS {
        if mask & bit(group) != 0 {
            for m in *members {
                mask |= bit(m);
            }
        }
    }
    mask
}

/// Whether `mask` (already expanded) covers the skill `name`. Automatic Weapons needs no
/// group: it is its own skill (SK-6.3.2-a).
pub fn knows(mask: u64, name: &str) -> bool {
    mask & bit(name) != 0
}

/// The skill name nearest to `name` (by edit distance), for "did you mean".
pub fn closest(name: &str) -> Option<&'static str> {
    SKILLS
        .iter()
        .map(|s| (distance(s, name), *s))
        .filter(|(d, _)| *d <= 3)
        .min()
        .map(|(_, s)| s)
}

/// Levenshtein distance, for the few names of one error message (the scenario crate's own
/// suggester is private to it).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
