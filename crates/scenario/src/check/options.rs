//! `[options]`: every name must be one of the system's options, with a value of its type. The
//! result holds every declared option, the scenario's value or the default.

use super::Context;
use crate::problem::ProblemKind;
use crate::reader::{key_span, span_of, type_noun, Node, Reader};
use crate::schema::{OptionKind, OptionSpec, OptionValue};
use crate::suggest::{all_of, closest, did_you_mean, one_of};
use std::collections::BTreeMap;
use toml_edit::Item;

pub(super) fn check(r: &mut Reader, root: &Node, cx: &Context) -> BTreeMap<String, OptionValue> {
    let specs: &[OptionSpec] = cx.schema.map_or(&[], |s| s.options());
    let mut out: BTreeMap<String, OptionValue> = specs
        .iter()
        .map(|s| (s.name.to_string(), s.default_value()))
        .collect();
    let Some(node) = r.table(root, "options", false) else {
        return out;
    };
    let Some(schema) = cx.schema else {
        // Without the system there is nothing to check the names against.
        return out;
    };
    for (key, item) in node.table.iter() {
        let path = node.path.key(key);
        let Some(spec) = specs.iter().find(|s| s.name == key) else {
            let span = key_span(&node, key).unwrap_or_else(|| node.span.clone());
            let names = specs.iter().map(|s| s.name);
            let help = match closest(key, names.clone()) {
                Some(c) => format!("did you mean '{c}'?"),
                None if specs.is_empty() => format!("{} has no options", schema.system()),
                None => format!("{}'s options are {}", schema.system(), all_of(names)),
            };
            r.report(
                ProblemKind::UnknownOption,
                &span,
                path.as_str(),
                format!("unknown option '{key}'"),
                "no such option",
                Some(help),
            );
            continue;
        };
        let span = span_of(item, &node.span);
        match value(spec, item) {
            Ok(v) => {
                out.insert(key.to_string(), v);
            }
            Err((message, help)) => r.report(
                ProblemKind::OptionValue,
                &span,
                path.as_str(),
                message,
                "wrong value",
                Some(format!("{help} ({})", spec.doc)),
            ),
        }
    }
    out
}

/// The option's value, or (message, help).
fn value(spec: &OptionSpec, item: &Item) -> Result<OptionValue, (String, String)> {
    let name = spec.name;
    match spec.kind {
        OptionKind::Bool { .. } => item.as_bool().map(OptionValue::Bool).ok_or_else(|| {
            (
                format!("option '{name}' takes a boolean, found {}", type_noun(item)),
                format!("write \"{name}\" = true or \"{name}\" = false"),
            )
        }),
        OptionKind::Int { min, max, .. } => match item.as_integer() {
            Some(i) if (min..=max).contains(&i) => Ok(OptionValue::Int(i)),
            Some(i) => Err((
                format!("option '{name}' = {i} is out of range"),
                format!("use a value from {min} to {max}"),
            )),
            None => Err((
                format!(
                    "option '{name}' takes an integer, found {}",
                    type_noun(item)
                ),
                format!("write \"{name}\" = {min}"),
            )),
        },
        OptionKind::Choice { choices, .. } => match item.as_str() {
            Some(s) if choices.contains(&s) => Ok(OptionValue::Choice(s.to_string())),
            Some(s) => Err((
                format!("option '{name}' cannot be '{s}'"),
                did_you_mean(s, choices.iter().copied()),
            )),
            None => Err((
                format!("option '{name}' takes a string, found {}", type_noun(item)),
                format!("use {}", one_of(choices.iter().copied())),
            )),
        },
    }
}
