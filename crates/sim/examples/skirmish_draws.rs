//! Finds greedy-against-greedy battles of a SKIRMISH scenario that end in a draw and prints
//! each one's last turn: where every figure stands, what he holds, his damage and posture, and
//! the last actions. A tool for studying why the AI stalls.
//!
//! `cargo run --release -p fireteam-sim --example skirmish_draws -- scenarios/skirmish/arena.toml [BATTLES] [POLICY] [FIRST]`

use fireteam_ai::{Explain, PolicyKind};
use fireteam_dice::{DiceSource, SeededSource};
use fireteam_engine::{Battle, Decision, RuleSystem};
use fireteam_scenario::Loader;
use fireteam_sim::seeds::{ai_seed, dice_seed};
use fireteam_skirmish::schema::SkirmishSchema;
use fireteam_skirmish::{scenario, Skirmish};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args
        .get(1)
        .map_or("scenarios/skirmish/arena.toml", |s| s.as_str());
    let battles: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(40);
    let policy: PolicyKind = args
        .get(3)
        .map_or(PolicyKind::Greedy, |s| s.parse().expect("a policy"));
    let first: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
    let verbose = std::env::var_os("EXPLAIN").is_some();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let loaded = Loader::new()
        .schema(&SkirmishSchema)
        .data_dir(root.join("data"))
        .load_path(Path::new(file))
        .unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let initial = scenario::setup(&loaded).build();
    let rules = Skirmish;
    let (mut draws, mut turns_sum, mut stalemates) = (0, 0u64, 0);
    for i in first..first + battles {
        let mut policies: Vec<_> = (0..2u8)
            .map(|side| policy.build::<Skirmish>(ai_seed(1, i, side)))
            .collect();
        let mut battle = Battle::new(&rules, initial.clone()).without_log();
        let mut dice = SeededSource::new(dice_seed(1, i));
        let mut legal = Vec::new();
        let mut texts: Vec<String> = Vec::new();
        let last_turn = initial.rules.max_turns;
        let mut explained: Vec<String> = Vec::new();
        let outcome = loop {
            match rules.decision(battle.state()) {
                Decision::Over { outcome } => break outcome,
                Decision::Choose { side, .. } => {
                    legal.clear();
                    rules.legal_actions(battle.state(), &mut legal);
                    let explain = if battle.state().turn >= last_turn {
                        Explain::Yes
                    } else {
                        Explain::No
                    };
                    let c = policies[usize::from(side)].choose(
                        &rules,
                        battle.state(),
                        side,
                        &legal,
                        explain,
                    );
                    if explain == Explain::Yes && std::env::var_os("LEGAL").is_some() {
                        let all: Vec<String> = legal
                            .iter()
                            .map(|a| rules.action_text(battle.state(), a))
                            .collect();
                        explained.push(format!("      legal ({}): {}", all.len(), all.join(" | ")));
                    }
                    if let Some(e) = &c.explanation {
                        let mut lines = e
                            .to_string()
                            .lines()
                            .take(
                                std::env::var("EXPLAIN_LINES")
                                    .ok()
                                    .and_then(|v| v.parse().ok())
                                    .unwrap_or(6),
                            )
                            .collect::<Vec<_>>()
                            .join("\n      ");
                        lines.insert_str(0, "      ");
                        explained.push(lines);
                    }
                    texts.push(format!(
                        "t{} {}",
                        battle.state().turn,
                        rules.action_text(battle.state(), &legal[c.index])
                    ));
                    let dice: &mut dyn DiceSource = &mut dice;
                    battle.step(&legal[c.index], dice).expect("a legal action");
                }
            }
        };
        let s = battle.state();
        turns_sum += u64::from(s.turn);
        if format!("{outcome:?}").contains("Draw") {
            draws += 1;
            let stuck = !(0..2u8).any(|side| can_hurt(s, side));
            if stuck {
                stalemates += 1;
            }
            println!(
                "== battle {i}: {outcome:?} at turn {}{}",
                s.turn,
                if stuck {
                    " (neither side can hurt the other)"
                } else {
                    ""
                }
            );
            for f in &s.figures {
                let w = f.ready_slot().map(|sl| {
                    (
                        s.rules.weapons[usize::from(sl.weapon)].name.clone(),
                        sl.rounds,
                    )
                });
                println!(
                    "  {} side {} at {} facing {} {:?} {:?} st {} dmg {} hth {} ready {:?} spare {} weapons {} moved {} {:?} hidden {}",
                    s.name(f.id),
                    f.side,
                    f.pos,
                    f.facing,
                    f.posture,
                    f.condition,
                    f.st,
                    f.damage,
                    f.in_hth,
                    w,
                    f.spare_magazines,
                    f.weapons.iter().flatten().count(),
                    f.moved,
                    f.move_kind,
                    f.hidden
                );
            }
            for t in texts.iter().rev().take(12).rev() {
                println!("    {t}");
            }
            if verbose {
                for e in &explained {
                    println!("{e}");
                }
            }
        }
    }
    println!(
        "{draws} draws in {battles} battles ({stalemates} where neither side could hurt the \
         other); mean turns {:.2}",
        turns_sum as f64 / battles as f64
    );
}

/// Whether some active figure of `side` holds or carries anything that can get through some
/// active foe's armor on a plain hit: a gun with rounds (or a magazine to reload), a blade, his
/// bare hands, a grenade. The automatic ×2 and ×3 of a 3 or 4 are left out.
fn can_hurt(s: &fireteam_skirmish::State, side: u8) -> bool {
    use fireteam_skirmish::combat::damage::damage_expr;
    use fireteam_skirmish::data::Class;
    use fireteam_skirmish::event::AttackKind;
    let armor = s
        .figures
        .iter()
        .filter(|e| e.side != side && e.active())
        .map(|e| e.armor.map_or(0, |a| s.rules.armor[usize::from(a)].defense))
        .min();
    let Some(armor) = armor else { return false };
    s.figures
        .iter()
        .filter(|f| f.side == side && f.active())
        .any(|f| {
            let max = |slot: Option<u8>, kind| {
                let d = damage_expr(s, f, slot, kind);
                i32::from(d.dice) * 6 + i32::from(d.adds)
            };
            if max(None, AttackKind::Melee) > i32::from(armor) {
                return true;
            }
            (0..4u8).any(|k| {
                let Some(sl) = f.weapons[usize::from(k)] else {
                    return false;
                };
                let w = &s.rules.weapons[usize::from(sl.weapon)];
                match w.class {
                    Class::Grenade => true,
                    Class::Missile => {
                        (sl.rounds > 0 || w.rounds == 0 || f.spare_magazines > 0)
                            && max(Some(k), AttackKind::Missile) > i32::from(armor)
                    }
                    _ => max(Some(k), AttackKind::Melee) > i32::from(armor),
                }
            })
        })
}
