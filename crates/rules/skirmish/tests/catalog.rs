//! The SKIRMISH! catalog in `data/skirmish` loads, holds the book's values (SK-13-T1,
//! SK-14.1-T1, SK-16.7-T1) and labels every value the book does not print (GAPS §C).

use fireteam_scenario::{load_catalog_dir, Catalog, Entry, Provenance, Value};
use fireteam_skirmish::schema::SkirmishSchema;
use std::path::Path;

/// id, kind, defense, DEX penalty, mass, MOV penalty (SK-14.1-T1).
type ArmorRow = (&'static str, &'static str, i64, i64, Option<f64>, i64);

fn catalog() -> Catalog {
    // Tests run in the crate's folder, crates/rules/skirmish.
    load_catalog_dir(Path::new("../../../data/skirmish"), &SkirmishSchema)
        .unwrap_or_else(|e| panic!("{}", e.render_plain()))
}

fn of_kind<'c>(catalog: &'c Catalog, kind: &str) -> Vec<&'c Entry> {
    catalog.entries().filter(|e| e.kind == kind).collect()
}

fn get<'c>(catalog: &'c Catalog, id: &str) -> &'c Entry {
    catalog
        .get(id)
        .unwrap_or_else(|| panic!("no catalog entry '{id}'"))
}

fn labels(entry: &Entry, field: &str) -> Vec<String> {
    entry
        .get(field)
        .and_then(Value::as_list)
        .unwrap_or(&[])
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

fn is_labelled(entry: &Entry, field: &str) -> bool {
    labels(entry, "invented_fields").iter().any(|f| f == field)
        || labels(entry, "derived_fields").iter().any(|f| f == field)
}

fn float(entry: &Entry, field: &str) -> Option<f64> {
    entry.get(field).and_then(Value::as_float)
}

#[test]
fn the_catalog_loads_with_every_weapon_armor_and_terrain() {
    let catalog = catalog();
    let ids = |kind| -> Vec<String> {
        of_kind(&catalog, kind)
            .iter()
            .map(|e| e.id.clone())
            .collect()
    };
    assert_eq!(
        ids("weapon"),
        [
            "anti-laser-grenade",
            "automatic-rifle",
            "automatic-shotgun",
            "autopistol",
            "boarding-axe",
            "brass-knuckles",
            "broadsword",
            "burning-torch",
            "club-baton",
            "coil-rifle",
            "combat-shotgun",
            "concussion-grenade",
            "duel-blade",
            "fighting-knife",
            "fire-axe",
            "flame-thrower",
            "hatchet",
            "he-grenade",
            "heavy-crossbow",
            "high-powered-autopistol",
            "high-powered-pistol",
            "high-powered-rifle",
            "hunting-shotgun",
            "improvised-club",
            "improvised-club-two-handed",
            "improvised-knife",
            "incendiary-grenade",
            "laser-pistol",
            "laser-rifle",
            "light-crossbow",
            "longbow",
            "machine-gun",
            "molotov",
            "mono-filament-sword",
            "pistol",
            "plasma-pistol",
            "plasma-rifle",
            "plasma-sword",
            "practice-baton",
            "practice-gun",
            "practice-spear",
            "quarterstaff",
            "rifle",
            "rock",
            "saber",
            "sawed-off-shotgun",
            "semi-automatic-rifle",
            "sledge-hammer",
            "sling",
            "smoke-grenade",
            "spear",
            "stun-baton",
            "stun-gun",
            "stun-spear",
            "submachine-gun",
            "tear-gas-grenade",
            "utility-knife",
        ]
    );
    assert_eq!(
        ids("armor"),
        [
            "ceramic",
            "dagger",
            "deflector",
            "energy-suit",
            "force-field",
            "full-backpack",
            "graphite-epoxy-helmet",
            "heavy-alloy",
            "heavy-alloy-vest",
            "kevlar-vest",
            "large-shield",
            "leather",
            "padded-cloth",
            "plastic-cloth-vest",
            "projectile-absorbing-cloth",
            "reflector",
            "spacesuit-armor",
            "steel",
            "steel-helmet",
            "tower-shield",
        ]
    );
    assert_eq!(
        ids("terrain"),
        [
            "broken",
            "bulkhead",
            "burning",
            "coals",
            "dark",
            "foxhole",
            "ice",
            "mud-ankle",
            "mud-knee",
            "open",
            "pit-2m",
            "pit-deep",
            "rail",
            "scrape",
            "shaft",
            "smoke",
            "snow-ankle",
            "snow-knee",
            "wall-1m",
            "wall-2m",
            "wall-half",
            "wall-high",
            "water-ankle",
            "water-deep",
            "water-knee",
        ]
    );
}

#[test]
fn weapon_rows_hold_the_books_values() {
    let catalog = catalog();

    // SK-13-T1 "Automatic Rifle" = the Assault Rifle (G-04): 4 / 2 / 13 (SK-16.6-b), 25 rounds
    // derived from E-09.
    let ar = get(&catalog, "automatic-rifle");
    assert_eq!(ar.name.as_deref(), Some("Automatic (assault) rifle"));
    assert_eq!(ar.text("class"), Some("missile"));
    assert_eq!(ar.text("damage"), Some("3d6-1"));
    assert_eq!(ar.int("str_min"), Some(11));
    assert_eq!(ar.text("length"), Some("long"));
    assert_eq!(ar.int("hands"), Some(2));
    assert_eq!(ar.int("shots"), Some(4));
    assert_eq!(ar.int("bursts"), Some(2));
    assert_eq!(ar.int("auto"), Some(13));
    assert_eq!(ar.int("rounds"), Some(25));
    assert!(labels(ar, "derived_fields").contains(&"rounds".to_string()));
    assert!(!is_labelled(ar, "shots"));
    assert_eq!(ar.text("skill"), Some("shoulderarms"));
    assert!(ar.flag("gas_action"));

    // The Autopistol of §7/§20 (G-04): cost and mass printed, the rest derived (§C).
    let ap = get(&catalog, "autopistol");
    assert_eq!(ap.text("damage"), Some("2d6"));
    assert_eq!(ap.int("str_min"), Some(10));
    assert_eq!(ap.int("shots"), Some(5));
    assert_eq!(ap.int("rounds"), Some(9));
    assert_eq!(ap.int("cost"), Some(130));
    assert_eq!(float(ap, "mass"), Some(1.5));
    assert_eq!(ap.int("reload_cost"), Some(1));
    assert_eq!(ap.text("skill"), Some("sidearms"));

    let rifle = get(&catalog, "rifle");
    assert_eq!(rifle.text("damage"), Some("4d6+1"));
    assert_eq!(rifle.int("shots"), Some(3));
    assert_eq!(rifle.int("rounds"), Some(6));
    assert_eq!(rifle.int("cost"), Some(90));
    assert!(!rifle.flag("gas_action"));

    // SK-16.7-T1.
    let combat = get(&catalog, "combat-shotgun");
    assert_eq!(combat.text("damage"), Some("4d6"));
    assert_eq!(combat.text("spread"), Some("narrow"));
    assert_eq!(combat.int("str_min"), Some(13));
    assert_eq!(combat.int("str_one_handed"), Some(23));
    assert_eq!(combat.int("cost"), Some(350));
    assert_eq!(combat.int("rounds"), Some(8));
    assert_eq!(combat.int("reload_cost"), Some(6));
    assert_eq!(combat.int("shots"), Some(3));
    assert_eq!(float(combat, "mass"), Some(3.5));
    assert_eq!(combat.int("effective_range"), Some(15));
    assert_eq!(labels(combat, "invented_fields"), ["effective_range"]);
    let hunting = get(&catalog, "hunting-shotgun");
    assert_eq!(hunting.text("damage"), Some("2d6"));
    assert_eq!(hunting.text("spread"), Some("wide"));
    assert_eq!(hunting.int("str_min"), Some(10));
    assert_eq!(
        hunting.int("str_one_handed"),
        None,
        "'xx': never one-handed"
    );
    assert_eq!(hunting.int("effective_range"), Some(6));
    let sawed = get(&catalog, "sawed-off-shotgun");
    assert_eq!(sawed.int("str_one_handed"), Some(22));
    assert_eq!(sawed.int("cost"), None, "the table's cost cell is blank");
    assert_eq!(sawed.int("rounds"), Some(2));

    // "-" and "nil" STR minimums are absent (G-04); "Thrown" is a flag on a melee weapon.
    let knife = get(&catalog, "utility-knife");
    assert_eq!(knife.text("damage"), Some("1d6-1"));
    assert_eq!(knife.int("str_min"), None);
    assert!(knife.flag("thrown"));
    assert_eq!(knife.text("class"), Some("melee"));
    assert_eq!(get(&catalog, "laser-rifle").int("str_min"), None);
    assert!(get(&catalog, "laser-rifle").flag("energy"));
    assert_eq!(get(&catalog, "laser-rifle").int("rounds"), Some(48));

    // G-05: one entry per duplicated row, with both grips.
    let sword = get(&catalog, "broadsword");
    assert_eq!(sword.text("damage"), Some("2d6-1"));
    assert_eq!(sword.text("damage_two_handed"), Some("2d6+1"));
    assert_eq!(sword.int("str_min"), Some(13));
    assert!(sword.flag("cutting"));
    let spear = get(&catalog, "spear");
    assert_eq!(spear.text("damage"), Some("1d6"));
    assert_eq!(spear.text("damage_two_handed"), Some("1d6+1"));
    assert!(spear.flag("thrown"));

    // G-06: the bayonet is a knife fixed to a rifle (SK-16.3-a), not an entry of its own; the
    // engine makes it (melee::sk_16_3_b_g_06_a_bayonet_is_the_knife_on_the_rifle).

    // STR-table weapons; no skill needed for clubs, rocks and brass knuckles (SK-6-b).
    let brass = get(&catalog, "brass-knuckles");
    assert_eq!(brass.text("str_table"), Some("brass"));
    assert_eq!(brass.text("skill"), None);
    let rock = get(&catalog, "rock");
    assert_eq!(rock.text("class"), Some("thrown"));
    assert_eq!(rock.text("str_table"), Some("damage"));
    assert_eq!(rock.text("skill"), None);
    assert_eq!(get(&catalog, "club-baton").text("skill"), None);

    // Grenades.
    let he = get(&catalog, "he-grenade");
    assert_eq!(he.text("class"), Some("grenade"));
    assert_eq!(he.text("grenade"), Some("he"));
    assert_eq!(he.int("cost"), Some(50));
    assert_eq!(he.text("skill"), Some("thrown_weapons"));
    for (id, kind) in [
        ("smoke-grenade", "smoke"),
        ("tear-gas-grenade", "tear_gas"),
        ("molotov", "molotov"),
        ("incendiary-grenade", "incendiary"),
    ] {
        assert_eq!(get(&catalog, id).text("grenade"), Some(kind), "{id}");
        assert_eq!(get(&catalog, id).text("class"), Some("grenade"), "{id}");
    }

    // G-49: the stun weapons are invented placeholders.
    for id in ["stun-baton", "stun-spear", "stun-gun"] {
        let w = get(&catalog, id);
        assert!(w.flag("stun"), "{id}");
        assert_eq!(w.text("attack_type"), Some("stunning"), "{id}");
        assert!(matches!(w.provenance, Provenance::Invented { .. }), "{id}");
    }
    assert!(matches!(
        get(&catalog, "machine-gun").provenance,
        Provenance::Invented { .. }
    ));
}

#[test]
fn armor_rows_hold_the_books_values() {
    let catalog = catalog();
    // SK-14.1-T1: (id, kind, defense, DEX, mass, MOV).
    let rows: &[ArmorRow] = &[
        ("energy-suit", "suit", 0, -1, Some(2.0), 0),
        ("padded-cloth", "body", 1, 0, Some(7.0), 0),
        ("leather", "body", 2, -1, Some(8.0), -2),
        ("steel", "body", 5, -3, Some(10.0), -4),
        ("projectile-absorbing-cloth", "body", 10, -2, Some(3.0), -4),
        ("ceramic", "body", 13, -3, Some(7.0), -4),
        ("heavy-alloy", "body", 15, -4, Some(14.0), -6),
        ("tower-shield", "shield", 3, -1, Some(15.0), 0),
        ("large-shield", "shield", 2, 0, Some(10.0), 0),
        ("dagger", "parry", 1, 0, None, 0),
    ];
    for &(id, kind, defense, dex, mass, mov) in rows {
        let a = get(&catalog, id);
        assert_eq!(a.text("kind"), Some(kind), "{id}");
        assert_eq!(a.int("defense"), Some(defense), "{id}");
        assert_eq!(a.int("dex_penalty"), Some(dex), "{id}");
        assert_eq!(float(a, "mass"), mass, "{id}");
        assert_eq!(a.int("mov_penalty").unwrap_or(0), mov, "{id}");
        assert!(matches!(a.provenance, Provenance::Book { .. }), "{id}");
    }

    // G-26: the spacesuit's MOV and R1 shielding from §17.11.
    let suit = get(&catalog, "spacesuit-armor");
    assert_eq!(suit.int("defense"), Some(1));
    assert_eq!(suit.int("r_factor"), Some(1));
    assert_eq!(suit.int("dex_penalty"), Some(-2));
    assert_eq!(suit.int("mov_penalty"), Some(-2));

    let pack = get(&catalog, "full-backpack");
    assert_eq!(pack.text("kind"), Some("backpack"));
    assert_eq!(pack.int("defense"), Some(1));
    assert_eq!(pack.int("dex_penalty"), Some(-1));
    assert_eq!(labels(pack, "invented_fields"), ["dex_penalty"]);

    // Vests: defense = the parent armor's (invented); mass 1 and cost 100 from §7/§20.
    for (id, defense) in [
        ("plastic-cloth-vest", 10),
        ("kevlar-vest", 10),
        ("heavy-alloy-vest", 15),
    ] {
        let v = get(&catalog, id);
        assert_eq!(v.text("kind"), Some("vest"), "{id}");
        assert_eq!(v.int("defense"), Some(defense), "{id}");
        assert_eq!(v.int("dex_penalty"), Some(0), "{id}");
        assert_eq!(v.int("mov_penalty"), Some(0), "{id}");
        assert_eq!(v.int("cost"), Some(100), "{id}");
        assert_eq!(float(v, "mass"), Some(1.0), "{id}");
        assert!(labels(v, "invented_fields").contains(&"defense".to_string()));
    }

    // Energy shields (SK-14.3-f, G-26): the three kinds, R2 and the rest invented.
    for (id, kind) in [
        ("force-field", "force_field"),
        ("deflector", "deflector"),
        ("reflector", "reflector"),
    ] {
        let e = get(&catalog, id);
        assert_eq!(e.text("kind"), Some("energy_shield"), "{id}");
        assert_eq!(e.text("shield_type"), Some(kind), "{id}");
        assert_eq!(e.int("r_factor"), Some(2), "{id}");
        assert!(labels(e, "invented_fields").contains(&"r_factor".to_string()));
    }

    // Helmets (G-26, SK-21.6): the Graphite-Epoxy helmet of §20 with §21.7's 13 (E-19), and a
    // steel helmet; DEX and MOV 0.
    for (id, defense) in [("graphite-epoxy-helmet", 13), ("steel-helmet", 5)] {
        let h = get(&catalog, id);
        assert_eq!(h.text("kind"), Some("helmet"), "{id}");
        assert_eq!(h.int("defense"), Some(defense), "{id}");
        assert_eq!(h.int("dex_penalty"), Some(0), "{id}");
        assert_eq!(h.int("mov_penalty"), Some(0), "{id}");
        assert!(labels(h, "invented_fields").contains(&"mass".to_string()));
    }
}

#[test]
fn terrain_entries_carry_the_effects_of_section_17() {
    let catalog = catalog();
    let t = |id| get(&catalog, id);
    assert_eq!(t("open").text("footing"), Some("firm"));
    assert_eq!(t("broken").text("footing"), Some("broken"));
    assert_eq!(t("ice").text("footing"), Some("ice"));
    assert_eq!(t("water-knee").text("water"), Some("knee"));
    assert_eq!(t("mud-knee").text("mud"), Some("knee"));
    assert_eq!(t("snow-ankle").text("snow"), Some("ankle"));
    assert!(t("smoke").flag("smoke"));
    assert!(t("dark").flag("dark"));
    assert!(t("rail").flag("handhold"));
    assert_eq!(t("wall-half").text("wall"), Some("half"));
    assert_eq!(t("wall-1m").text("wall"), Some("one"));
    assert!(!t("wall-1m").flag("blocks_movement"), "jumped (SK-17.7-f)");
    assert!(t("wall-2m").flag("blocks_movement"));
    assert!(!t("wall-2m").flag("blocks_sight"));
    assert!(t("wall-high").flag("blocks_movement"));
    assert!(t("wall-high").flag("blocks_sight"));
    assert!(t("bulkhead").flag("blocks_movement"));
    assert!(t("bulkhead").flag("blocks_sight"));
    // SK-17.8-a, G-57: pit depths are map data, every one invented and labelled.
    for (id, m) in [
        ("scrape", 0.5),
        ("foxhole", 1.0),
        ("pit-2m", 2.0),
        ("pit-deep", 3.0),
        ("shaft", 10.0),
    ] {
        assert_eq!(float(t(id), "pit_depth"), Some(m), "{id}");
        assert!(is_labelled(t(id), "pit_depth"), "{id}: depth not labelled");
    }
}

/// The values of shots, rates, magazines, costs and masses that the book prints for that very
/// weapon (SK-16.6-b, SK-16.7-T1, SK-16.13, §7, §20). Every other such value must be labelled.
const PRINTED: &[(&str, &[&str])] = &[
    ("autopistol", &["cost", "mass"]),
    ("rifle", &["cost"]),
    ("automatic-rifle", &["shots", "bursts", "auto"]),
    (
        "hunting-shotgun",
        &["shots", "rounds", "reload_cost", "cost", "mass"],
    ),
    (
        "combat-shotgun",
        &["shots", "rounds", "reload_cost", "cost", "mass"],
    ),
    (
        "sawed-off-shotgun",
        &["shots", "rounds", "reload_cost", "mass"],
    ),
    ("flame-thrower", &["rounds"]),
];

#[test]
fn every_value_the_book_does_not_print_is_labelled() {
    let catalog = catalog();
    let fields = [
        "shots",
        "bursts",
        "auto",
        "rounds",
        "reload_cost",
        "cost",
        "mass",
        "effective_range",
    ];
    let mut missing = Vec::new();
    for w in of_kind(&catalog, "weapon") {
        let printed = PRINTED
            .iter()
            .find(|(id, _)| *id == w.id)
            .map_or(&[][..], |(_, f)| *f);
        for field in fields {
            if w.get(field).is_some() && !printed.contains(&field) && !is_labelled(w, field) {
                missing.push(format!("{}.{field}", w.id));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "values neither printed nor labelled: {missing:?}"
    );
}

#[test]
fn sk_15_2_a_every_misc_item_is_in_the_catalog_and_invented_values_are_labelled() {
    let catalog = catalog();
    let kinds: Vec<&str> = of_kind(&catalog, "item")
        .iter()
        .map(|e| e.text("kind").unwrap())
        .collect();
    // The §15.2 list (bipod and tripod are unit stats) and the §15.1 battery pack, plus the
    // medic's kit (SK-6.5.1-a).
    for k in fireteam_skirmish::data::ItemKind::ALL {
        assert!(kinds.contains(&k.id()), "no item of kind {}", k.id());
    }
    // SK-16.12-l: the extinguisher counts as a one-handed weapon; SK-15.1-b: the pack as one.
    assert_eq!(get(&catalog, "fire-extinguisher").int("hands"), Some(1));
    assert_eq!(get(&catalog, "battery-pack").int("hands"), Some(1));
    // The book prints no mass for any of them.
    for e in of_kind(&catalog, "item") {
        assert!(float(e, "mass").is_some(), "{}: no mass", e.id);
        assert!(
            is_labelled(e, "mass"),
            "{}: mass not labelled invented",
            e.id
        );
    }
}

#[test]
fn labels_name_fields_the_entry_has_and_match_its_provenance() {
    let catalog = catalog();
    for e in catalog.entries() {
        let invented = labels(e, "invented_fields");
        let derived = labels(e, "derived_fields");
        for f in invented.iter().chain(&derived) {
            assert!(e.get(f).is_some(), "{}: labels '{f}', which it lacks", e.id);
        }
        for f in &invented {
            assert!(
                !derived.contains(f),
                "{}: '{f}' both invented and derived",
                e.id
            );
        }
        // docs/scenario.md: `book` only when every value is the book's.
        if !invented.is_empty() {
            assert!(
                matches!(e.provenance, Provenance::Invented { .. }),
                "{}: invents {invented:?} but claims the book",
                e.id
            );
        }
    }
}
