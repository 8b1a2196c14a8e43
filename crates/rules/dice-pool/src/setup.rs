//! Building a battle's starting state from plain values (scenarios, tests and the demo).

use crate::data::{Stats, Weapon, WeaponKind};
use crate::options::Options;
use crate::resolve::Size;
use crate::state::{Field, Phase, Pos, Stance, State, Unit};
use smallvec::SmallVec;
use std::sync::Arc;

/// One unit as a scenario places it.
#[derive(Debug, Clone)]
pub struct UnitSetup {
    pub name: String,
    pub side: u8,
    pub stats: Stats,
    pub size: Size,
    pub pos: Pos,
    pub stance: Stance,
    /// Indices into the weapon list; firearms start loaded to their clip, grenades count 1 each.
    pub weapons: Vec<u16>,
}

/// Everything a battle starts from.
#[derive(Debug, Clone)]
pub struct Setup {
    pub options: Options,
    pub field: Field,
    pub weapons: Vec<Weapon>,
    pub sides: Vec<String>,
    pub units: Vec<UnitSetup>,
    pub max_turns: u32,
}

impl Setup {
    pub fn build(&self) -> State {
        let units = self
            .units
            .iter()
            .map(|u| {
                let mut weapons: SmallVec<[u16; 4]> = SmallVec::new();
                let mut loaded: SmallVec<[u16; 4]> = SmallVec::new();
                for &w in &u.weapons {
                    if let Some(i) = weapons.iter().position(|&x| x == w) {
                        // A second grenade of the same kind adds to the count.
                        loaded[i] += 1;
                        continue;
                    }
                    let weapon = &self.weapons[usize::from(w)];
                    weapons.push(w);
                    loaded.push(match weapon.kind {
                        WeaponKind::Firearm => weapon.clip as u16,
                        WeaponKind::Grenade => 1,
                        WeaponKind::Melee => 0,
                    });
                }
                Unit {
                    name: Arc::from(u.name.as_str()),
                    side: u.side,
                    stats: u.stats,
                    size: u.size,
                    pos: u.pos,
                    stance: u.stance,
                    ready: None,
                    weapons,
                    loaded,
                    wounds: 0,
                    stunned: false,
                    out: false,
                    initiative: 0,
                    extra_action: false,
                    movement: Default::default(),
                    moved: false,
                    metres: 0,
                    actions_left: 0,
                    drew: false,
                    fast_draw: false,
                    shots_fired: 0,
                    draw_failed: false,
                    aiming: false,
                    dodge_left: 0,
                    parry_left: 0,
                }
            })
            .collect();
        State {
            opts: self.options,
            field: Arc::new(self.field.clone()),
            weapons: self.weapons.clone().into(),
            side_names: self.sides.clone().into(),
            units,
            turn: 0,
            max_turns: self.max_turns,
            phase: Phase::TurnStart,
            order: SmallVec::new(),
            cursor: 0,
            pass: 1,
            deferred: SmallVec::new(),
        }
    }
}

/// The terrain kinds of the built-in maps (INVENTED sample data, like GAPS.md Part D).
pub fn sample_terrain() -> Vec<crate::state::Terrain> {
    use crate::resolve::{Cover, Darkness};
    use crate::state::Terrain;
    let t =
        |name: &str, sight: bool, movement: bool, cost: u32, cover: Cover, darkness: Darkness| {
            Terrain {
                name: name.into(),
                blocks_sight: sight,
                blocks_movement: movement,
                move_cost: cost,
                cover,
                darkness,
            }
        };
    vec![
        t("open", false, false, 1, Cover::None, Darkness::None),
        t("wall", true, true, 1, Cover::None, Darkness::None),
        t("low-wall", false, false, 2, Cover::Half, Darkness::None),
        t("smoke", false, false, 1, Cover::None, Darkness::Partial),
        t("dark", false, false, 1, Cover::None, Darkness::Partial),
        t("rubble", false, false, 2, Cover::Half, Darkness::None),
    ]
}

/// Reads a map drawn in ASCII with the legend `.` open, `#` wall, `h` low wall, `~` smoke,
/// `d` dark, `r` rubble, over [`sample_terrain`].
pub fn sample_field(rows: &[&str]) -> Field {
    let height = rows.len() as u16;
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0) as u16;
    let mut cells = vec![0u8; usize::from(width) * usize::from(height)];
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            cells[r * usize::from(width) + c] = match ch {
                '#' => 1,
                'h' => 2,
                '~' => 3,
                'd' => 4,
                'r' => 5,
                _ => 0,
            };
        }
    }
    Field {
        width,
        height,
        cells,
        terrain: sample_terrain(),
        ambient_darkness: crate::resolve::Darkness::None,
        sight_cache: Default::default(),
        move_cache: Default::default(),
    }
}

/// The built-in demo: two squads of three across a yard with low walls, rubble and smoke.
/// Characters and weapons are the INVENTED sample data of GAPS.md Part D.
pub fn demo() -> Setup {
    use crate::data::sample;
    let field = sample_field(&[
        "....................",
        "...h........r.......",
        "...h....~~....h.....",
        "........~~....h.....",
        "..##..........h.....",
        "..##......r.........",
        "...........h........",
        "....................",
    ]);
    let weapons = vec![
        sample::pistol(),
        sample::rifle(),
        sample::smart_smg(),
        sample::knife(),
        sample::grenade(),
        sample::revolver(),
    ];
    let unit = |name: &str, side: u8, stats, col, row, weapons: Vec<u16>| UnitSetup {
        name: name.into(),
        side,
        stats,
        size: crate::resolve::Size::Human,
        pos: Pos { col, row },
        stance: Stance::Standing,
        weapons,
    };
    Setup {
        options: Options::default(),
        field,
        weapons,
        sides: vec!["Red".into(), "Blue".into()],
        units: vec![
            unit("Anna", 0, sample::anna(), 1, 1, vec![0, 3, 4]),
            unit("Cara", 0, sample::cara(), 1, 4, vec![1, 3]),
            unit("Dov", 0, sample::ben(), 2, 6, vec![5, 3]),
            unit("Ben", 1, sample::ben(), 18, 2, vec![2, 3, 4]),
            unit("Eli", 1, sample::anna(), 17, 5, vec![0, 3]),
            unit("Fay", 1, sample::cara(), 18, 6, vec![1, 3]),
        ],
        max_turns: 12,
    }
}
