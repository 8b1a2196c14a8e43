//! What a system's schema controls beyond the fixture (`testing::TestSchema`): integer and
//! choice options, grids, facings, no stances, and its own checks on a finished scenario,
//! placed by field path.

use fireteam_scenario::{
    load_catalog, load_scenario, Catalog, CatalogRole, CatalogSpec, FieldError, GridKind,
    OptionSpec, OptionValue, Scenario, ScenarioSchema, SourceFile, StatSpec,
};

/// A made-up system played on squares only, with four facings and no stances.
struct Tiny;

impl ScenarioSchema for Tiny {
    fn system(&self) -> &'static str {
        "tiny"
    }

    fn options(&self) -> &[OptionSpec] {
        const O: &[OptionSpec] = &[
            OptionSpec::int("tiny.turn_limit", 10, 1, 99, "T-G01: turns before a draw"),
            OptionSpec::choice("tiny.dice", "d6", &["d6", "d10"], "T-G02: which die"),
        ];
        O
    }

    fn stats(&self) -> &[StatSpec] {
        const S: &[StatSpec] = &[StatSpec::optional("hp", 1, 9, Some(3), "hit points")];
        S
    }

    fn stances(&self) -> &[&'static str] {
        &[]
    }

    fn facings(&self, _grid: GridKind) -> u8 {
        4
    }

    fn grids(&self) -> &[GridKind] {
        &[GridKind::Square]
    }

    fn catalogs(&self) -> &[CatalogSpec] {
        const C: &[CatalogSpec] = &[
            CatalogSpec {
                kind: "terrain",
                role: CatalogRole::Terrain,
                fields: &[],
                doc: "",
            },
            CatalogSpec {
                kind: "gear",
                role: CatalogRole::Equipment,
                fields: &[],
                doc: "",
            },
        ];
        C
    }

    /// Every unit must carry something.
    fn check_scenario(&self, scenario: &Scenario, _catalog: &Catalog) -> Vec<FieldError> {
        scenario
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.equipment.is_empty())
            .map(|(i, u)| {
                FieldError::new(
                    format!("units[{i}].name"),
                    format!("{} carries nothing", u.name),
                )
                .with_help("give every unit at least one piece of gear")
            })
            .collect()
    }
}

fn catalog() -> Catalog {
    let file = SourceFile::new(
        "tiny.toml",
        "[[terrain]]\nid = \"floor\"\nprovenance = { book = \"T-1\" }\n\n[[gear]]\nid = \"stick\"\nprovenance = { invented = \"T-G03\" }\n",
    );
    load_catalog(&[file], &Tiny).unwrap()
}

fn scenario(extra_top: &str, grid: &str, unit: &str) -> SourceFile {
    SourceFile::new(
        "tiny-scenario.toml",
        format!(
            "system = \"tiny\"\nname = \"t\"\n{extra_top}\n[map]\ngrid = \"{grid}\"\nlegend = {{ \".\" = \"floor\" }}\nrows = \"...\"\n[[sides]]\nname = \"A\"\ncontroller = \"human\"\n[[units]]\nname = \"U\"\nside = \"A\"\nat = [1, 0]\n{unit}\n"
        ),
    )
}

#[test]
fn integer_and_choice_options_resolve_with_defaults() {
    let file = scenario(
        "[options]\n\"tiny.dice\" = \"d10\"",
        "square",
        "equipment = [\"stick\"]",
    );
    let s = load_scenario(&file, &Tiny, &catalog()).unwrap();
    assert_eq!(
        s.option("tiny.dice"),
        Some(&OptionValue::Choice("d10".into()))
    );
    assert_eq!(s.option("tiny.turn_limit"), Some(&OptionValue::Int(10)));
    assert_eq!(s.units[0].stance, None, "no stances in this system");
    assert_eq!(s.units[0].stats["hp"], 3, "the default");
    assert_eq!(s.map.grid, GridKind::Square);
}

#[test]
fn option_values_out_of_range_or_not_a_choice_are_reported() {
    let file = scenario(
        "[options]\n\"tiny.turn_limit\" = 100\n\"tiny.dice\" = \"d12\"",
        "square",
        "equipment = [\"stick\"]",
    );
    let err = load_scenario(&file, &Tiny, &catalog()).unwrap_err();
    assert_eq!(
        err.render_plain(),
        "tiny-scenario.toml:4:21: options.\"tiny.turn_limit\": option 'tiny.turn_limit' = 100 is out of range (help: use a value from 1 to 99 (T-G01: turns before a draw))\n\
         tiny-scenario.toml:5:15: options.\"tiny.dice\": option 'tiny.dice' cannot be 'd12' (help: did you mean 'd10'? (T-G02: which die))\n"
    );
}

#[test]
fn grids_facings_and_stances_follow_the_schema() {
    let file = scenario(
        "",
        "hex",
        "facing = 4\nstance = \"prone\"\nequipment = [\"stick\"]",
    );
    let err = load_scenario(&file, &Tiny, &catalog()).unwrap_err();
    assert_eq!(
        err.render_plain(),
        "tiny-scenario.toml:5:8: map.grid: tiny is not played on a hex grid (help: use 'square')\n\
         tiny-scenario.toml:15:10: units[0].facing: facing 4 is out of range (help: a hex map has facings 0 to 3)\n\
         tiny-scenario.toml:16:10: units[0].stance: unknown stance 'prone' (help: tiny has no stances; remove it)\n"
    );
}

#[test]
fn the_systems_own_checks_are_reported_at_their_field() {
    let file = scenario("", "square", "");
    let err = load_scenario(&file, &Tiny, &catalog()).unwrap_err();
    assert_eq!(
        err.render_plain(),
        "tiny-scenario.toml:12:8: units[0].name: U carries nothing (help: give every unit at least one piece of gear)\n"
    );
}
