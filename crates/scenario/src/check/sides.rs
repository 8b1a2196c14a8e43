//! `[[sides]]`: unique names, and a controller that says who plays the side.

use super::Context;
use crate::problem::ProblemKind;
use crate::reader::{Node, Reader, Span};
use crate::scenario::{Controller, Side};
use crate::suggest::{all_of, closest, one_of};

/// The sides as read: one slot per `[[sides]]` table, `None` where it had a problem.
pub(super) struct SidesInfo {
    pub sides: Vec<Option<Side>>,
    /// Names of the sides that have one, with their index, for the units' `side`.
    pub names: Vec<(String, usize)>,
    /// Whether `sides` was an array of tables at all.
    pub read: bool,
}

impl SidesInfo {
    /// Every side, if all were read.
    pub fn complete(self) -> Option<Vec<Side>> {
        self.sides.into_iter().collect()
    }

    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.names.iter().find(|(n, _)| n == name).map(|&(_, i)| i)
    }
}

pub(super) fn check(r: &mut Reader, root: &Node, cx: &Context) -> SidesInfo {
    let mut info = SidesInfo {
        sides: Vec::new(),
        names: Vec::new(),
        read: false,
    };
    let Some(nodes) = r.tables(root, "sides", true) else {
        return info;
    };
    info.read = true;
    if nodes.is_empty() {
        let span = root
            .table
            .get("sides")
            .and_then(|i| i.span())
            .unwrap_or(0..0);
        r.report(
            ProblemKind::BadValue,
            &span,
            "sides",
            "the scenario has no sides",
            "empty",
            Some("add a [[sides]] table for each side, with name and controller".into()),
        );
    }
    let mut seen: Vec<(String, usize, Span)> = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        r.deny_unknown(node, &["name", "controller"]);
        let name = r.string(node, "name", true);
        let controller = r
            .string(node, "controller", true)
            .and_then(|c| controller(r, node, &c.value, &c.span, cx));
        let mut side_ok = true;
        if let Some(n) = &name {
            let path = node.path.key("name");
            if n.value.trim().is_empty() {
                r.report(
                    ProblemKind::BadValue,
                    &n.span,
                    path.as_str(),
                    "the side name is empty",
                    "empty",
                    Some("give the side a name, e.g. name = \"Red\"".into()),
                );
                side_ok = false;
            } else if let Some((_, first, _)) = seen.iter().find(|(s, _, _)| *s == n.value) {
                r.report(
                    ProblemKind::DuplicateName,
                    &n.span,
                    path.as_str(),
                    format!("sides[{first}] is already named '{}'", n.value),
                    "used twice",
                    Some("give each side its own name".into()),
                );
            } else {
                seen.push((n.value.clone(), i, n.span.clone()));
                info.names.push((n.value.clone(), i));
            }
        }
        info.sides.push(match (name, controller, side_ok) {
            (Some(n), Some(c), true) => Some(Side {
                name: n.value,
                controller: c,
            }),
            _ => None,
        });
    }
    info
}

/// The controllers to suggest, in order.
const CONTROLLERS: &[&str] = &["ai:greedy", "ai:random", "human", "script"];

/// `ai:<policy>`, `human` or `script`.
fn controller(
    r: &mut Reader,
    node: &Node,
    text: &str,
    span: &Span,
    cx: &Context,
) -> Option<Controller> {
    let path = node.path.key("controller");
    let examples: Vec<String> = match &cx.policies {
        Some(p) => p
            .iter()
            .map(|p| format!("ai:{p}"))
            .chain(["human".to_string(), "script".to_string()])
            .collect(),
        None => CONTROLLERS.iter().map(|s| s.to_string()).collect(),
    };
    let examples: Vec<&str> = examples.iter().map(String::as_str).collect();
    let fail = |r: &mut Reader, message: String, help: String| {
        r.report(
            ProblemKind::BadController,
            span,
            path.as_str(),
            message,
            "not a controller",
            Some(help),
        );
        None
    };
    match text {
        "human" => return Some(Controller::Human),
        "script" => return Some(Controller::Script),
        _ => {}
    }
    if let Some(policy) = text.strip_prefix("ai:") {
        if !is_policy_name(policy) {
            return fail(
                r,
                format!("'{text}' names no AI policy"),
                format!(
                    "write ai:<policy>, e.g. {}",
                    one_of(examples.iter().copied().filter(|e| e.starts_with("ai:")))
                ),
            );
        }
        if let Some(known) = &cx.policies {
            if !known.contains(&policy) {
                let help = match closest(policy, known.iter().copied()) {
                    Some(c) => format!("did you mean 'ai:{c}'?"),
                    None => format!("the AI policies are {}", all_of(known.iter().copied())),
                };
                return fail(r, format!("unknown AI policy '{policy}'"), help);
            }
        }
        return Some(Controller::Ai(policy.to_string()));
    }
    let lower = text.trim().to_lowercase();
    let help = if examples.contains(&lower.as_str()) {
        format!("write '{lower}'")
    } else if let Some(c) = closest(text, examples.iter().copied()) {
        format!("did you mean '{c}'?")
    } else if is_policy_name(text) && !text.contains(':') {
        format!(
            "for an AI write 'ai:{text}'; otherwise use {}",
            one_of(examples.iter().copied())
        )
    } else {
        format!("use {}", one_of(examples.iter().copied()))
    };
    fail(r, format!("'{text}' is not a controller"), help)
}

/// Policy names are lowercase words: letters, digits, `-` and `_`.
fn is_policy_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}
