//! `fireteam aftermath SAVE`: what a finished SKIRMISH battle leaves each character, from its
//! save: the healing of medics and doctors (SK-6.5.1-a, SK-6.8.1-a), the credits and EP of the
//! kind of fight (arena SK-19.1-c/d, practice SK-19.3-b), a duel's spoils and their resale
//! (SK-19.2-b), the bills for batteries (SK-15.1-c) and armor repairs (SK-21.7-b), and what the
//! wounds leave: limbs that heal, limbs and sight lost for good with the attributes for the next
//! fight (SK-21.4-e/f, SK-21.6-e, SK-5-a). The save is replayed (every checksum checked) and the
//! aftermath resolved from its final state with `fireteam_skirmish::aftermath`, the same one
//! `fireteam run` narrates.

use crate::format::emit;
use crate::replay::scenario_of;
use clap::Args;
use fireteam_engine::{Decision, RuleSystem, Save};
use fireteam_skirmish::aftermath::injuries::{
    limb_name, stats_text, Loss, BLINDED_DEX, ONE_LEG_MOV,
};
use fireteam_skirmish::aftermath::ledger::{Account, Ledger};
use fireteam_skirmish::aftermath::{settle, Why};
use fireteam_skirmish::options::ScenarioType;
use fireteam_skirmish::state::Condition;
use fireteam_skirmish::Skirmish;
use miette::{miette, Result};
use serde_json::json;
use std::path::PathBuf;

#[derive(Args)]
#[command(after_help = "Examples:\n  \
    fireteam run scenarios/skirmish/arena.toml --save arena.json\n  \
    fireteam aftermath arena.json\n  \
    fireteam aftermath arena.json --json\n\n\
    The kind of fight (the scenario's sk.scenario_type: adventure, arena, duel or practice) \
    decides the rewards; healing, the bills and what the wounds leave (limbs that heal, limbs \
    and sight lost for good, the attributes for the next fight) follow every battle.")]
pub struct AftermathArgs {
    /// The save of a finished SKIRMISH battle (`fireteam run … --save FILE`)
    pub save: PathBuf,
    /// The scenario it was played from (default: the scenario named in the save)
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,
    /// The catalog folder (default: the `data/` beside or above the scenario, else the built-in
    /// catalogs)
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// One JSON object: the ledger of every character and the aftermath's events
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: AftermathArgs) -> Result<()> {
    let save = Save::read(&args.save).map_err(|e| miette!("{e}"))?;
    if save.system != Skirmish.name() {
        return Err(miette!(
            help = "the aftermath (healing, rewards, bills) is SKIRMISH's",
            "{} is a save of the system '{}', which has nothing after a battle",
            args.save.display(),
            save.system
        ));
    }
    let loaded = scenario_of(
        &save,
        &args.save,
        args.scenario.as_deref(),
        args.data.as_deref(),
    )?;
    let initial = fireteam_skirmish::scenario::setup(&loaded).build();
    let battle = save
        .replay(&Skirmish, initial)
        .map_err(|e| miette!("{}: {e}", args.save.display()))?;
    if let Decision::Choose { .. } = battle.decision() {
        return Err(miette!(
            help = format!(
                "finish it with fireteam run {} --resume {}",
                loaded.scenario.file.name,
                args.save.display()
            ),
            "the battle in {} is not over (saved after {}): it has no aftermath yet",
            args.save.display(),
            fireteam_engine::count(battle.steps(), "action", "actions")
        ));
    }
    let end = battle.state();
    let mut events = Vec::new();
    settle(end, &mut events);
    let ledger = Ledger::of(end, &events);
    if args.json {
        let obj = json!({
            "scenario": loaded.scenario.name,
            "seed": save.seed,
            "actions": save.log.len(),
            "ledger": ledger,
            "events": events,
        });
        return emit(&obj.to_string());
    }
    emit(&format!(
        "{} — {}: {} after {} ({} replayed from seed {}, every checksum matches)",
        loaded.scenario.name,
        kind(ledger.scenario),
        match &ledger.winner {
            Some(w) => format!("{w} won"),
            None => "a draw".to_string(),
        },
        fireteam_engine::count(ledger.turns, "turn", "turns"),
        fireteam_engine::count(save.log.len(), "action", "actions"),
        save.seed
    ))?;
    for a in &ledger.characters {
        emit("")?;
        for line in account(a) {
            emit(&line)?;
        }
    }
    Ok(())
}

fn kind(t: ScenarioType) -> &'static str {
    match t {
        ScenarioType::Adventure => "an adventure (no preset rewards: the GM awards EP, SK-18-a)",
        ScenarioType::Arena => "an arena fight [SK-19.1]",
        ScenarioType::Duel => "a duel [SK-19.2]",
        ScenarioType::Practice => "a practice combat [SK-19.3]",
    }
}

/// One character's block: a heading, then one line per entry.
fn account(a: &Account) -> Vec<String> {
    let condition = match a.condition {
        Condition::Active => "standing",
        Condition::Unconscious => "unconscious",
        Condition::Dead => "dead",
        Condition::Lost => "lost in space, drifted off",
        Condition::Beaten => "beaten on recorded hits",
        Condition::Subdued => "subdued",
        Condition::Escaped => "escaped from the arena",
    };
    let mut v = vec![format!(
        "{} ({}): {condition}{}",
        a.name,
        a.side,
        if a.won { ", on the winning side" } else { "" }
    )];
    let row = |what: &str, text: String| format!("  {what:<9} {text}");
    if a.damage != 0 || a.nonlethal != 0 {
        let mut t = format!("{} lethal, {} nonlethal", a.damage_after, a.nonlethal_after);
        if let Some(h) = &a.healed {
            t = format!(
                "{} lethal, {} nonlethal → {t}: healed {} by {}{} [{}]",
                a.damage,
                a.nonlethal,
                h.lethal + h.nonlethal,
                h.by,
                if h.kit {
                    " with a medical kit"
                } else {
                    " without a medical kit"
                },
                h.rule
            );
        }
        v.push(row("damage", t));
    }
    if a.practice_hits > 0 {
        v.push(row(
            "hits",
            format!("{} recorded [SK-19.3-a]", a.practice_hits),
        ));
    }
    // SK-21.4-e/f, SK-21.6-e: what he lost for good, what heals, and his next fight (SK-5-a).
    for p in &a.permanent {
        let what = match p.loss {
            Loss::Arm { arm } => format!("his {} for good", limb_name(arm)),
            Loss::Leg { leg } => format!(
                "his {} for good: MOV {ONE_LEG_MOV} in any later combat",
                limb_name(leg)
            ),
            Loss::Sight => format!("his sight to the flash: −{BLINDED_DEX} DEX for good"),
        };
        v.push(row("lost", format!("{what} [{}]", p.rule)));
    }
    for h in &a.limbs_healed {
        v.push(row(
            "heals",
            format!(
                "his {}, out of use, heals before the next combat [{}]",
                limb_name(h.limb),
                h.rule
            ),
        ));
    }
    if let (Some(next), false) = (&a.next_fight, a.permanent.is_empty()) {
        let stats = if a.next_stats.is_empty() {
            String::new()
        } else {
            format!(" (unit stats {})", stats_text(&a.next_stats))
        };
        v.push(row("next", format!("{}{stats} [SK-5-a]", next.describe())));
    }
    for c in &a.credits {
        let why = match c.why {
            Why::ArenaVictor => "a victor's purse",
            Why::ArenaLoser => "a loser's purse",
            Why::ArenaRanAway => "nothing: a loser who ran away unhurt",
            Why::StakeWon => "his share of the stakes",
            Why::StakePaid => "the stake he pays",
        };
        v.push(row(
            "credits",
            format!("{:+} ₢ {why} [{}]", c.amount, c.rule),
        ));
    }
    if let Some(ep) = &a.ep {
        let why = match &ep.arena {
            Some(r) if !r.took_part => " (took no part: cowards get nothing)".to_string(),
            Some(r) => {
                let mut parts = vec!["1 took part".to_string()];
                if r.won {
                    parts.push("1 winning side".into());
                }
                if r.foes_downed > 0 {
                    parts.push(format!(
                        "{} foe{} put out of the fight",
                        r.foes_downed,
                        if r.foes_downed == 1 { "" } else { "s" }
                    ));
                }
                if r.took_damage {
                    parts.push("1 hurt by a foe".into());
                }
                format!(" = {}", parts.join(" + "))
            }
            None => String::new(),
        };
        v.push(row("EP", format!("{}{why} [{}]", ep.ep, ep.rule)));
    }
    for w in &a.items_won {
        let value = match (w.price, w.resale) {
            (Some(p), Some(r)) => format!("{p} ₢, resells for {r} ₢"),
            _ => "no price in the catalog".to_string(),
        };
        v.push(row(
            "won",
            format!("{}'s {}: {value} [{}]", w.from, w.item, w.rule),
        ));
    }
    for b in &a.bills {
        let cost = b
            .cost
            .map_or_else(|| "no price".to_string(), |c| format!("{c} ₢"));
        let note = b.note.as_ref().map_or(String::new(), |n| format!(" ({n})"));
        v.push(row(
            "bill",
            format!("{}: {cost}{note} [{}]", b.what, b.rule),
        ));
    }
    if a.condition == Condition::Dead && a.credits.is_empty() && a.ep.is_none() {
        v.push(row("nothing", "the dead are paid nothing".to_string()));
    } else if !a.credits.is_empty() || !a.bills.is_empty() || !a.items_won.is_empty() {
        let mut t = format!("{:+} ₢", a.net_credits);
        if !a.items_won.is_empty() {
            t.push_str(&format!(", and items that resell for {} ₢", a.resale_value));
        }
        v.push(row("net", t));
    }
    v
}
