//! The setup editor: a game master places, turns, equips and puts units in a posture on the
//! board, sets the scenario's options (the rulings the book leaves to the GM), asks the odds of
//! an action there, plays the setup, or saves it as a scenario file that `fireteam check`
//! accepts. The scenario's own text is edited (`toml_edit`), so its comments, its map and
//! everything else it says stay as written.

use super::table::Refusal;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use toml_edit::{Array, DocumentMut, Item};

/// One unit's changes; what is left out stays as the scenario has it.
#[derive(Debug, Deserialize)]
pub struct UnitEdit {
    pub name: String,
    #[serde(default)]
    pub at: Option<[i64; 2]>,
    #[serde(default)]
    pub facing: Option<i64>,
    #[serde(default)]
    pub stance: Option<String>,
    #[serde(default)]
    pub equipment: Option<Vec<String>>,
}

/// What the page sends: the changes, and what to do with the setup.
#[derive(Debug, Deserialize)]
pub struct SetupBody {
    #[serde(default)]
    pub units: Vec<UnitEdit>,
    /// Option name → its value written as TOML (`true`, `3`, `"arena"`).
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// `play` (open the setup as a new battle), `odds` (of `action`) or `save` (as `name`).
    #[serde(rename = "do")]
    pub what: String,
    #[serde(default)]
    pub action: Option<String>,
    /// Actions to play before the asked one, separated by `;` (as `odds --after`).
    #[serde(default)]
    pub after: Option<String>,
    #[serde(default)]
    pub defend: u8,
    #[serde(default)]
    pub name: Option<String>,
}

fn parse(text: &str) -> Result<DocumentMut, Refusal> {
    text.parse::<DocumentMut>()
        .map_err(|e| Refusal::new(format!("the scenario is not valid TOML: {e}")))
}

/// The units and options of a scenario as the editor shows them.
pub fn read(text: &str) -> Result<Value, Refusal> {
    let doc = parse(text)?;
    let units: Vec<Value> = doc
        .get("units")
        .and_then(Item::as_array_of_tables)
        .map(|a| {
            a.iter()
                .map(|t| {
                    let s = |k: &str| t.get(k).and_then(Item::as_str).map(String::from);
                    let at = t
                        .get("at")
                        .and_then(Item::as_array)
                        .map(|a| a.iter().filter_map(|v| v.as_integer()).collect::<Vec<_>>());
                    let equipment: Vec<String> = t
                        .get("equipment")
                        .and_then(Item::as_array)
                        .map(|a| {
                            a.iter()
                                .filter_map(|v| v.as_str().map(String::from))
                                .collect()
                        })
                        .unwrap_or_default();
                    json!({"name": s("name"), "side": s("side"), "at": at,
                           "facing": t.get("facing").and_then(Item::as_integer),
                           "stance": s("stance"), "equipment": equipment})
                })
                .collect()
        })
        .unwrap_or_default();
    let options: BTreeMap<String, String> = doc
        .get("options")
        .and_then(Item::as_table_like)
        .map(|t| {
            t.iter()
                .map(|(k, v)| (k.to_string(), v.to_string().trim().to_string()))
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({"units": units, "options": options}))
}

/// The scenario's text with the edits made.
pub fn edit(text: &str, body: &SetupBody) -> Result<String, Refusal> {
    let mut doc = parse(text)?;
    {
        let units = doc
            .get_mut("units")
            .and_then(Item::as_array_of_tables_mut)
            .ok_or_else(|| Refusal::new("the scenario has no [[units]]"))?;
        for e in &body.units {
            let t = units
                .iter_mut()
                .find(|t| t.get("name").and_then(Item::as_str) == Some(e.name.as_str()))
                .ok_or_else(|| Refusal::new(format!("the scenario has no unit '{}'", e.name)))?;
            if let Some([c, r]) = e.at {
                t["at"] = toml_edit::value(Array::from_iter([c, r]));
            }
            if let Some(f) = e.facing {
                t["facing"] = toml_edit::value(f);
            }
            if let Some(s) = &e.stance {
                t["stance"] = toml_edit::value(s.as_str());
            }
            if let Some(eq) = &e.equipment {
                t["equipment"] = toml_edit::value(Array::from_iter(eq.iter().map(String::as_str)));
            }
        }
    }
    for (k, literal) in &body.options {
        let one = format!("v = {literal}")
            .parse::<DocumentMut>()
            .map_err(|e| {
                Refusal::new(format!("option {k} = {literal}: not a TOML value: {e}"))
                    .help("write true or false, a number, or a word in quotes such as \"arena\"")
            })?;
        let value = one["v"].clone();
        if !doc.contains_key("options") {
            doc["options"] = toml_edit::table();
        }
        doc["options"][k.as_str()] = value;
    }
    Ok(doc.to_string())
}

/// A file name for a saved setup: a plain name ending in `.toml`, nothing that leads elsewhere.
pub fn file_name(asked: &str) -> Result<String, Refusal> {
    let name = asked.trim();
    let ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && !name.starts_with('.');
    if !ok {
        return Err(Refusal::new(format!("'{asked}' is not a plain file name"))
            .help("use letters, digits, '-', '_' and '.', e.g. behind-the-wall.toml"));
    }
    Ok(if name.ends_with(".toml") {
        name.to_string()
    } else {
        format!("{name}.toml")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCENARIO: &str = r#"# a comment that stays
system = "skirmish"
name = "t"

[options]
"sk.scenario_type" = "arena"

[[units]]
name = "Ana"
side = "Red"
at = [3, 3]
facing = 2
equipment = ["rifle"]

[[units]]
name = "Bo"
side = "Blue"
at = [5, 5]
"#;

    fn body(units: Vec<UnitEdit>, options: &[(&str, &str)]) -> SetupBody {
        SetupBody {
            units,
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            what: "play".into(),
            action: None,
            after: None,
            defend: 0,
            name: None,
        }
    }

    #[test]
    fn a_unit_is_moved_turned_equipped_and_put_in_a_posture_and_the_rest_stays() {
        let edit_ana = UnitEdit {
            name: "Ana".into(),
            at: Some([7, 1]),
            facing: Some(4),
            stance: Some("kneeling".into()),
            equipment: Some(vec!["pistol".into(), "leather".into()]),
        };
        let out = edit(
            SCENARIO,
            &body(vec![edit_ana], &[("sk.partial_armor", "true")]),
        )
        .unwrap();
        let v = read(&out).unwrap();
        assert_eq!(v["units"][0]["at"], json!([7, 1]));
        assert_eq!(v["units"][0]["facing"], 4);
        assert_eq!(v["units"][0]["stance"], "kneeling");
        assert_eq!(v["units"][0]["equipment"], json!(["pistol", "leather"]));
        assert_eq!(v["units"][1]["at"], json!([5, 5]), "Bo is untouched");
        assert_eq!(v["options"]["sk.partial_armor"], "true");
        assert_eq!(v["options"]["sk.scenario_type"], "\"arena\"");
        assert!(out.starts_with("# a comment that stays"));
    }

    #[test]
    fn an_unknown_unit_or_a_bad_value_is_refused_by_name() {
        let ghost = UnitEdit {
            name: "Zed".into(),
            at: Some([0, 0]),
            facing: None,
            stance: None,
            equipment: None,
        };
        let e = edit(SCENARIO, &body(vec![ghost], &[])).unwrap_err();
        assert_eq!(e.message, "the scenario has no unit 'Zed'");
        let e = edit(SCENARIO, &body(vec![], &[("sk.x", "arena")])).unwrap_err();
        assert!(
            e.message
                .starts_with("option sk.x = arena: not a TOML value"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_saved_setup_has_a_plain_name() {
        assert_eq!(
            file_name("behind-the-wall").unwrap(),
            "behind-the-wall.toml"
        );
        assert_eq!(file_name("a.toml").unwrap(), "a.toml");
        for bad in ["../x", "/etc/x", ".hidden", "a b", ""] {
            assert!(file_name(bad).is_err(), "{bad}");
        }
    }
}
