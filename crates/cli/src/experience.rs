//! `fireteam experience`: what a SKIRMISH character's experience points buy: new skills
//! (SK-18.1-a/b), skill bonuses (SK-18.2-a) and attribute points (SK-18.3-a), priced from the
//! skill catalog in `data/skirmish`. Prerequisites still apply (SK-6-c, SK-6-d); the starting
//! limit of slots ≤ INT does not (SK-18.1-d).

use crate::format::emit;
use clap::{Args, ValueEnum};
use fireteam_scenario::{load_catalog, load_catalog_dir, Catalog};
use fireteam_skirmish::character::{
    skill, skills, slot_price, unmet, Attributes, Known, Skill, MARTIAL_ARTS, MARTIAL_ARTS_MAX,
};
use fireteam_skirmish::experience::{
    bonus_slots, new_skill_price, raise_cost, skill_bonus_cost, SkillPrice, MAX_SKILL_BONUS,
};
use fireteam_skirmish::schema::SkirmishSchema;
use miette::{miette, Result};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

#[derive(Args)]
#[command(after_help = "Examples:\n  \
    fireteam experience --str 11 --dex 12 --int 9 --skills knife,sidearms,swimming\n  \
    fireteam experience --str 11 --dex 12 --int 9 --skills knife --learn sword --ep 26\n  \
    fireteam experience --str 10 --dex 13 --int 11 --skills martial_arts=1 --learn martial_arts\n  \
    fireteam experience --str 11 --dex 12 --int 9 --raise int --raise int --bonus sidearms:+2 --json\n\n\
    Raises are bought first, so the skills are priced at the raised attributes; skills are \
    learned in the order given, each one known to the next (discounts, prerequisites).")]
pub struct ExperienceArgs {
    /// The character's STR
    #[arg(long = "str", value_name = "N", value_parser = clap::value_parser!(i32).range(1..=60))]
    pub strength: i32,
    /// The character's DEX
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i32).range(1..=40))]
    pub dex: i32,
    /// The character's INT
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i32).range(1..=40))]
    pub int: i32,
    /// Skills already known, comma-separated; martial_arts=N for a Martial Arts level (5 = Master)
    #[arg(long, value_name = "SKILLS", value_delimiter = ',')]
    pub skills: Vec<String>,
    /// Experience points available: say whether the purchases are affordable
    #[arg(long, value_name = "N")]
    pub ep: Option<u32>,
    /// Price learning a skill (repeatable; martial_arts learns the next level)
    #[arg(long, value_name = "SKILL")]
    pub learn: Vec<String>,
    /// Price raising an attribute by 1 (repeatable)
    #[arg(long, value_enum, value_name = "ATTR")]
    pub raise: Vec<RaiseAttr>,
    /// Price a skill bonus: SKILL (+1) or SKILL:+N, N from 1 to 3 (repeatable)
    #[arg(long, value_name = "SKILL[:+N]")]
    pub bonus: Vec<String>,
    /// The data folder, or its skirmish folder (default: FIRETEAM_DATA, else the data/skirmish
    /// folder found from the current directory upward, else the built-in catalog)
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Print one JSON object instead of a table
    #[arg(long)]
    pub json: bool,
}

/// An attribute EP can raise (SK-18.3-a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RaiseAttr {
    Str,
    Dex,
    Int,
}

impl RaiseAttr {
    fn name(self) -> &'static str {
        match self {
            RaiseAttr::Str => "STR",
            RaiseAttr::Dex => "DEX",
            RaiseAttr::Int => "INT",
        }
    }

    fn key(self) -> &'static str {
        match self {
            RaiseAttr::Str => "str",
            RaiseAttr::Dex => "dex",
            RaiseAttr::Int => "int",
        }
    }

    fn get(self, a: &mut Attributes) -> &mut i32 {
        match self {
            RaiseAttr::Str => &mut a.str,
            RaiseAttr::Dex => &mut a.dex,
            RaiseAttr::Int => &mut a.int,
        }
    }
}

/// One priced purchase: its line in the table and its JSON object.
struct Purchase {
    text: String,
    ep: u32,
    json: Value,
}

pub fn run(args: ExperienceArgs) -> Result<()> {
    let catalog = match skill_dir(args.data.as_deref()) {
        Some(dir) => load_catalog_dir(&dir, &SkirmishSchema).map_err(|d| {
            miette!(
                help = "point --data at the data folder (or its skirmish folder), or set FIRETEAM_DATA",
                "{}cannot load the SKIRMISH catalog from {}",
                d.render_plain(),
                dir.display()
            )
        })?,
        None => load_catalog(&crate::scenario_files::built_in("skirmish"), &SkirmishSchema)
            .map_err(|d| miette!("{}the built-in SKIRMISH catalog does not load", d.render_plain()))?,
    };
    let attrs = Attributes {
        str: args.strength,
        dex: args.dex,
        int: args.int,
    };
    let known = parse_known(&args.skills, &catalog)?;
    let buying = !(args.learn.is_empty() && args.raise.is_empty() && args.bonus.is_empty());
    if buying {
        purchases(&args, attrs, known, &catalog)
    } else {
        listing(&args, attrs, &known, &catalog)
    }
}

/// The skill catalog folder: `--data` or `FIRETEAM_DATA` (a data folder or its `skirmish`
/// folder), else the first `data/skirmish` from the current directory upward; `None` when
/// there is none, and the built-in catalog serves.
fn skill_dir(given: Option<&Path>) -> Option<PathBuf> {
    let root = given
        .map(Path::to_path_buf)
        .or_else(|| std::env::var_os("FIRETEAM_DATA").map(PathBuf::from));
    if let Some(r) = root {
        return Some(if r.join("skirmish").is_dir() {
            r.join("skirmish")
        } else {
            r
        });
    }
    let cwd = std::env::current_dir().ok();
    let mut dir = cwd.as_deref();
    while let Some(d) = dir {
        let p = d.join("data").join("skirmish");
        if p.is_dir() {
            return Some(p);
        }
        dir = d.parent();
    }
    None
}

/// A skill name as typed: `Martial Arts`, `martial-arts` and `martial_arts` are one.
fn normalise(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .chars()
        .map(|c| if c == ' ' || c == '-' { '_' } else { c })
        .collect()
}

/// The catalog skill a typed name means, or an error suggesting the closest names.
fn find_skill(name: &str, catalog: &Catalog, flag: &str) -> Result<Skill> {
    let n = normalise(name);
    if let Some(s) = skill(catalog, &n) {
        return Ok(s);
    }
    let all = skills(catalog);
    if let Some(s) = all.iter().find(|s| normalise(&s.name) == n) {
        return Ok(s.clone());
    }
    let mut close: Vec<(usize, &str)> = all
        .iter()
        .map(|s| (edit_distance(&n, &s.id), s.id.as_str()))
        .filter(|(d, id)| *d <= (id.len().max(n.len()) / 3).max(2) || id.starts_with(&n))
        .collect();
    close.sort();
    let help = if close.is_empty() {
        format!(
            "the skills are: {}",
            all.iter()
                .map(|s| s.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        let names: Vec<String> = close
            .iter()
            .take(3)
            .map(|(_, id)| format!("'{id}'"))
            .collect();
        format!("did you mean {}?", names.join(" or "))
    };
    Err(miette!(help = help, "{flag}: unknown skill '{name}'"))
}

/// Levenshtein distance, for suggestions.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// `--skills knife,sidearms,martial_arts=2`.
fn parse_known(list: &[String], catalog: &Catalog) -> Result<Known> {
    let mut known = Known::default();
    for item in list.iter().filter(|s| !s.trim().is_empty()) {
        let (name, level) = match item.split_once(['=', ':']) {
            Some((n, l)) => {
                let level: u8 = l.trim().parse().map_err(|_| {
                    miette!(
                        help = "write martial_arts=2 (levels 1 to 5)",
                        "--skills: '{item}': the level must be a number"
                    )
                })?;
                (n, level)
            }
            None => (item.as_str(), 1),
        };
        let s = find_skill(name, catalog, "--skills")?;
        let max = if s.id == MARTIAL_ARTS {
            MARTIAL_ARTS_MAX
        } else {
            1
        };
        if level == 0 || level > max {
            return Err(miette!(
                help = if max == 1 {
                    format!("write just {}", s.id)
                } else {
                    format!("a level from 1 to {max} (5 = Master)")
                },
                "--skills: '{item}': {} has no level {level}",
                s.id
            ));
        }
        known.insert(&s.id, level.max(known.level(&s.id)));
    }
    Ok(known)
}

/// The next thing to learn of `s`: the skill, or the next Martial Arts level; `Err` if there
/// is none.
fn next_step(s: &Skill, known: &Known) -> std::result::Result<Skill, String> {
    let level = known.level(&s.id);
    if s.id == MARTIAL_ARTS {
        s.martial_arts_level(level + 1)
            .ok_or_else(|| "already a Martial Arts Master".to_string())
    } else if level > 0 {
        Err(format!("already knows {}", s.id))
    } else {
        Ok(s.clone())
    }
}

fn price_json(p: &SkillPrice) -> Value {
    json!({
        "slots": p.slots,
        "attribute": p.attribute,
        "attribute_value": p.attribute_value,
        "per_slot": p.per_slot,
        "ep": p.ep,
    })
}

fn character_json(attrs: &Attributes, known: &Known) -> Value {
    json!({
        "str": attrs.str,
        "dex": attrs.dex,
        "int": attrs.int,
        "skills": known.0,
    })
}

fn character_line(attrs: &Attributes, known: &Known) -> String {
    let skills: Vec<String> = known
        .0
        .iter()
        .map(|(id, l)| {
            if id == MARTIAL_ARTS {
                format!("{id}={l}")
            } else {
                id.clone()
            }
        })
        .collect();
    format!(
        "STR {}  DEX {}  INT {}  (attribute points {})  skills: {}",
        attrs.str,
        attrs.dex,
        attrs.int,
        attrs.total(),
        if skills.is_empty() {
            "none".to_string()
        } else {
            skills.join(", ")
        }
    )
}

/// `--learn`, `--raise`, `--bonus`: price each, total, and compare with `--ep`.
fn purchases(
    args: &ExperienceArgs,
    start: Attributes,
    mut known: Known,
    catalog: &Catalog,
) -> Result<()> {
    let mut attrs = start;
    let mut bought = Vec::new();
    // SK-18.3-a: each point priced by the total it brings the character to.
    for &a in &args.raise {
        let before = *a.get(&mut attrs);
        let total_before = attrs.total();
        let ep = raise_cost(total_before, 1);
        *a.get(&mut attrs) += 1;
        bought.push(Purchase {
            text: format!(
                "raise {} {before} → {} (attribute points {})",
                a.name(),
                before + 1,
                total_before + 1
            ),
            ep,
            json: json!({"kind": "raise", "attribute": a.key(), "from": before,
                         "to": before + 1, "new_total": total_before + 1, "ep": ep}),
        });
    }
    // SK-18.1-a/b, SK-6-c, SK-6-d.
    for name in &args.learn {
        let s = find_skill(name, catalog, "--learn")?;
        let step = next_step(&s, &known).map_err(|why| {
            miette!(
                help = "leave it out of --learn (use --bonus to improve a known skill)",
                "--learn {name}: {why}"
            )
        })?;
        let why = unmet(&step, &attrs, &known, catalog);
        if !why.is_empty() {
            let list: Vec<String> = why.iter().map(|u| format!("{u} ({})", u.rule())).collect();
            return Err(miette!(
                help = "learn or raise what it needs first (--learn and --raise), or leave it out",
                "--learn {name}: {} cannot be learned: {}",
                step.name,
                list.join("; ")
            ));
        }
        let slots = slot_price(&step, &known, catalog);
        let p = new_skill_price(&attrs, &step, slots);
        bought.push(Purchase {
            text: format!(
                "learn {} ({} slot{}, min INT {}, {} {}: {} EP a slot)",
                step.name,
                p.slots,
                if p.slots == 1 { "" } else { "s" },
                step.min_int,
                p.attribute.name(),
                p.attribute_value,
                p.per_slot
            ),
            ep: p.ep,
            json: json!({"kind": "learn", "skill": step.id, "name": step.name, "level": step.level,
                         "min_int": step.min_int, "price": price_json(&p), "ep": p.ep}),
        });
        known.insert(&step.id, step.level);
    }
    // SK-18.2-a/b: 3 EP × slots for each +1, at most +3 on a skill.
    let mut plus_on: std::collections::BTreeMap<String, u8> = Default::default();
    for spec in &args.bonus {
        let (name, n) = match spec.split_once(':') {
            Some((name, n)) => {
                let n: u8 = n.trim().trim_start_matches('+').parse().map_err(|_| {
                    miette!(
                        help = "write SKILL:+N with N from 1 to 3, e.g. sidearms:+2",
                        "--bonus {spec}: the bonus must be +1, +2 or +3"
                    )
                })?;
                (name, n)
            }
            None => (spec.as_str(), 1),
        };
        let s = find_skill(name, catalog, "--bonus")?;
        let level = known.level(&s.id);
        if level == 0 {
            return Err(miette!(
                help = format!(
                    "add it to --skills, or learn it first with --learn {}",
                    s.id
                ),
                "--bonus {spec}: the character does not know {}",
                s.id
            ));
        }
        let total = plus_on.entry(s.id.clone()).or_default();
        let slots = bonus_slots(&s, level);
        let ep = skill_bonus_cost(slots, *total, total.saturating_add(n)).ok_or_else(|| {
            miette!(
                help = format!("a skill has at most +{MAX_SKILL_BONUS} in all (SK-18.2-a)"),
                "--bonus {spec}: +{} on {} is more than +{MAX_SKILL_BONUS}",
                u32::from(*total) + u32::from(n),
                s.id
            )
        })?;
        *total += n;
        bought.push(Purchase {
            text: format!(
                "bonus +{n} to {} ({} slot{}: {} EP each +1)",
                s.id,
                slots,
                if slots == 1 { "" } else { "s" },
                3 * slots
            ),
            ep,
            json: json!({"kind": "bonus", "skill": s.id, "plus": n, "slots": slots, "ep": ep}),
        });
    }
    let total: u32 = bought.iter().map(|b| b.ep).sum();
    let left = args.ep.map(|ep| i64::from(ep) - i64::from(total));
    if args.json {
        let obj = json!({
            "character": character_json(&start, &parse_known(&args.skills, catalog)?),
            "purchases": bought.iter().map(|b| &b.json).collect::<Vec<_>>(),
            "total": total,
            "ep": args.ep,
            "left": left,
            "affordable": left.map(|l| l >= 0),
        });
        emit(&obj.to_string())?;
    } else {
        emit(&character_line(
            &start,
            &parse_known(&args.skills, catalog)?,
        ))?;
        emit("")?;
        let width = bought
            .iter()
            .map(|b| b.text.chars().count())
            .max()
            .unwrap_or(0)
            .max(5);
        emit(&format!("{:<width$}  {:>5}", "purchase", "EP"))?;
        for b in &bought {
            emit(&format!("{:<width$}  {:>5}", b.text, b.ep))?;
        }
        emit(&format!("{:<width$}  {:>5}", "total", total))?;
        if let (Some(ep), Some(left)) = (args.ep, left) {
            if left >= 0 {
                emit(&format!("affordable: {ep} EP available, {left} left"))?;
            }
        }
    }
    match (args.ep, left) {
        (Some(ep), Some(left)) if left < 0 => Err(miette!(
            help = "buy fewer things, or earn more EP (SK-19.1-d arena, SK-19.3-b practice)",
            "not affordable: the purchases cost {total} EP and {ep} are available ({} short)",
            -left
        )),
        _ => Ok(()),
    }
}

/// No purchase flags: every skill the character could learn next, with its price or why not.
fn listing(
    args: &ExperienceArgs,
    attrs: Attributes,
    known: &Known,
    catalog: &Catalog,
) -> Result<()> {
    struct Row {
        id: String,
        name: String,
        level: u8,
        slots: u32,
        min_int: i32,
        price: Option<SkillPrice>,
        why: Vec<String>,
    }
    let mut rows = Vec::new();
    for s in skills(catalog) {
        let Ok(step) = next_step(&s, known) else {
            continue;
        };
        let slots = slot_price(&step, known, catalog);
        let why: Vec<String> = unmet(&step, &attrs, known, catalog)
            .iter()
            .map(ToString::to_string)
            .collect();
        let price = why
            .is_empty()
            .then(|| new_skill_price(&attrs, &step, slots));
        rows.push(Row {
            id: if step.id == MARTIAL_ARTS {
                format!("{} (level {})", step.id, step.level)
            } else {
                step.id.clone()
            },
            name: step.name.clone(),
            level: step.level,
            slots,
            min_int: step.min_int,
            price,
            why,
        });
    }
    let affordable = |p: &Option<SkillPrice>| match (args.ep, p) {
        (Some(ep), Some(p)) => Some(p.ep <= ep),
        (Some(_), None) => Some(false),
        _ => None,
    };
    if args.json {
        let list: Vec<Value> = rows
            .iter()
            .map(|r| {
                json!({
                    "skill": r.id.split(' ').next().unwrap_or_default(),
                    "name": r.name,
                    "level": r.level,
                    "slots": r.slots,
                    "min_int": r.min_int,
                    "learnable": r.price.is_some(),
                    "ep": r.price.map(|p| p.ep),
                    "price": r.price.as_ref().map(price_json),
                    "why_not": r.why,
                    "affordable": affordable(&r.price),
                })
            })
            .collect();
        let obj = json!({
            "character": character_json(&attrs, known),
            "ep": args.ep,
            "skills": list,
        });
        return emit(&obj.to_string());
    }
    emit(&character_line(&attrs, known))?;
    if let Some(ep) = args.ep {
        emit(&format!("EP available: {ep}"))?;
    }
    emit("")?;
    let w = rows
        .iter()
        .map(|r| r.id.chars().count())
        .max()
        .unwrap_or(5)
        .max(5);
    emit(&format!(
        "{:<w$}  {:>5}  {:>7}  {:>4}  note",
        "skill", "slots", "min INT", "EP"
    ))?;
    for r in &rows {
        let (ep, note) = match &r.price {
            Some(p) => {
                let mut note = if p.attribute.name() == "INT" {
                    String::new()
                } else {
                    format!("priced on {} {}", p.attribute.name(), p.attribute_value)
                };
                if affordable(&r.price) == Some(false) {
                    if !note.is_empty() {
                        note.push_str("; ");
                    }
                    note.push_str("more than the EP available");
                }
                (p.ep.to_string(), note)
            }
            None => ("-".to_string(), r.why.join("; ")),
        };
        emit(
            format!(
                "{:<w$}  {:>5}  {:>7}  {:>4}  {note}",
                r.id, r.slots, r.min_int, ep
            )
            .trim_end(),
        )?;
    }
    Ok(())
}
