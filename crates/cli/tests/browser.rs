//! The battle map (`fireteam serve`) driven in a real headless Chromium through WebDriver
//! (chromium and chromium-driver from the distribution; `.ci/run` installs them). The tests:
//! open a scenario of every system; play a human side to the end by clicking; check that the
//! odds panel says what `fireteam odds --action` says for the same action; step a replay back
//! and forth; and check that a broken scenario shows its error, with file, line and column.
//!
//! Without a chromedriver on the PATH the test says loudly that it did not run; with
//! `FIRETEAM_BROWSER_TESTS=required` (as in CI) it fails instead.

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A child process killed when the test ends, however it ends.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|p| find(p))
}

/// `fireteam serve` on a free port; returns the process and the URL of its first line.
fn serve(dir: &Path, saves: &Path) -> (Reaped, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .args(["serve", "--port", "0", "--no-open", "--saves"])
        .arg(saves)
        .arg("--dir")
        .arg(dir)
        .arg(root().join("scenarios"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("fireteam serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line.trim().to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "first line: {url}");
    (Reaped(child), url)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn browser(driver_port: u16) -> Client {
    let mut caps = serde_json::Map::new();
    let mut opts = json!({"args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1500,1000"]});
    if let Some(c) = chromium() {
        opts["binary"] = json!(c.display().to_string());
    }
    caps.insert("goog:chromeOptions".into(), opts);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match ClientBuilder::rustls()
            .expect("a TLS setup for the WebDriver client")
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{driver_port}"))
            .await
        {
            Ok(c) => return c,
            Err(e) if Instant::now() > deadline => panic!("chromedriver does not answer: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// Runs JavaScript in the page and returns its value.
async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Waits until `script` returns true.
async fn until(c: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if js(c, script).await == json!(true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let err = js(c, "return document.getElementById('error').textContent").await;
    let state = js(c, "return app.view ? JSON.stringify({decision: app.view.decision, legal: app.view.legal.slice(0, 3), selected: app.selected, kind: app.kind, steps: app.view.steps}) : 'no view'").await;
    panic!("timed out waiting for {what} (page error: {err}; page state: {state})");
}

/// The battle's view, fetched by the page itself.
async fn view(c: &Client) -> Value {
    let v = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             fetch('/api/games/' + app.game).then(r => r.json()).then(done);",
            vec![],
        )
        .await
        .unwrap();
    v
}

/// Opens a file through the page's chooser and waits for the battle to show.
async fn open(c: &Client, path: &Path, replay: bool) {
    let before = js(c, "return app.game").await;
    js(
        c,
        &format!(
            "const s = document.getElementById('open-path');
             const o = document.createElement('option'); o.value = {p}; o.textContent = {p};
             s.appendChild(o); s.value = {p};
             document.getElementById('open-replay').checked = {replay};
             return true;",
            p = json!(path.display().to_string())
        ),
    )
    .await;
    c.find(Locator::Id("open-btn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        c,
        "the battle to open",
        &format!("return app.game !== {before} && app.game !== null && !!app.view"),
    )
    .await;
}

/// Plays to the end: the AI sides by the AI step button, the human side by clicking a kind of
/// action (attacks first), then a highlighted hex or target, then a choice or the commit.
/// Returns the odds panel's first answer: (action, outcomes) and the actions played before it.
async fn play_to_the_end(c: &Client) -> Option<(String, Value, Vec<String>)> {
    let mut first_odds = None;
    for _ in 0..4000 {
        let state = js(
            c,
            "if (app.busy) return 'busy';
             if (!document.getElementById('over').hidden) return 'over';
             if (!document.getElementById('ai-controls').hidden) return 'ai';
             if (app.view.legal.length) return 'human';
             return 'wait';",
        )
        .await;
        match state.as_str() {
            Some("over") => return first_odds,
            Some("ai") => {
                c.find(Locator::Id("step-ai"))
                    .await
                    .unwrap()
                    .click()
                    .await
                    .unwrap();
            }
            Some("human") => {
                if let Some(odds) = human_click(c).await {
                    if first_odds.is_none() {
                        first_odds = Some(odds);
                    }
                }
            }
            _ => {}
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        until(c, "the page to settle", "return !app.busy").await;
    }
    panic!("the battle did not end in 4000 clicks");
}

/// Clicks the first element `css` finds. A hex under a unit is covered by it, so when the
/// browser says the click would land on something else, the click is sent to the hex itself.
async fn click_css(c: &Client, css: &str) -> bool {
    match c.find_all(Locator::Css(css)).await {
        Ok(found) if !found.is_empty() => {
            if found[0].click().await.is_ok() {
                return true;
            }
            js(
                c,
                &format!(
                    "document.querySelector({}).dispatchEvent(new MouseEvent('click', {{bubbles: true}})); return true;",
                    json!(css)
                ),
            )
            .await;
            true
        }
        _ => false,
    }
}

/// One human action by clicking. Returns the odds shown, when the action was an attack.
async fn human_click(c: &Client) -> Option<(String, Value, Vec<String>)> {
    let steps = view(c).await["steps"].as_u64().unwrap_or(0);
    if click_css(c, "#others .action-btn").await {
        until_step(c, steps).await;
        return None;
    }
    // The deciding unit is selected for the player; pick a kind, attacks first.
    if !click_css(c, "#kinds button.kind[data-attack='true']").await
        && !click_css(c, "#kinds button.kind").await
    {
        // No unit chosen yet: click the first unit that has actions.
        js(c, "const u = app.view.legal.find(a => a.view.unit !== null); if (u) select(u.view.unit); return true;").await;
        until(c, "the unit's actions", "return document.querySelectorAll('#kinds button.kind').length > 0 || !app.view.legal.length").await;
        return None;
    }
    until(c, "the kind's choices", "return !app.busy").await;
    if !click_css(c, "g.unit.target").await {
        click_css(c, "polygon.cell.legal").await;
    }
    until(
        c,
        "a choice, the odds or the next step",
        &format!("return app.view.steps > {steps} || document.querySelectorAll('#candidates .candidate').length > 0 || !document.getElementById('odds').hidden"),
    )
    .await;
    if js(c, &format!("return app.view.steps > {steps}")).await == json!(true) {
        return None;
    }
    if js(c, "return document.getElementById('odds').hidden").await == json!(true) {
        click_css(c, "#candidates .candidate").await;
        until(
            c,
            "the choice to play or show odds",
            &format!("return app.view.steps > {steps} || !document.getElementById('odds').hidden"),
        )
        .await;
        if js(c, &format!("return app.view.steps > {steps}")).await == json!(true) {
            return None;
        }
    }
    until(
        c,
        "the odds",
        "return document.getElementById('odds').dataset.ready === 'true'",
    )
    .await;
    let action = js(
        c,
        "return document.getElementById('odds-action').textContent",
    )
    .await;
    let outcomes = js(
        c,
        "return [...document.querySelectorAll('#odds-outcomes .outcome')].map(r => [r.dataset.outcome, r.dataset.p]);",
    )
    .await;
    let log = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             fetch('/api/games/' + app.game + '/log').then(r => r.json()).then(l => done(l.map(e => e.action)));",
            vec![],
        )
        .await
        .unwrap();
    let before: Vec<String> = serde_json::from_value(log).unwrap();
    // A long list of outcomes can push the button below the panel's fold: click_css falls back
    // to a dispatched click.
    assert!(click_css(c, "#commit").await, "no commit button");
    until_step(c, steps).await;
    Some((action.as_str().unwrap().to_string(), outcomes, before))
}

async fn until_step(c: &Client, steps: u64) {
    until(
        c,
        "the action to be played",
        &format!("return app.view.steps > {steps} || !document.getElementById('need-dice').hidden"),
    )
    .await;
}

/// What `fireteam odds FILE --action … --after … --json` says: (outcome, p) pairs.
fn cli_odds(file: &Path, action: &str, after: &[String]) -> Value {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fireteam"));
    cmd.arg("odds")
        .arg(file)
        .args(["--action", action, "--json"]);
    if !after.is_empty() {
        cmd.args(["--after", &after.join("; ")]);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let pairs: Vec<Value> = v["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| json!([o["outcome"], o["p"].to_string().trim_matches('"')]))
        .collect();
    Value::Array(pairs)
}

#[test]
fn the_battle_map_in_a_real_browser() {
    let Some(driver) = find("chromedriver") else {
        if std::env::var("FIRETEAM_BROWSER_TESTS").as_deref() == Ok("required") {
            panic!("FIRETEAM_BROWSER_TESTS=required, but there is no chromedriver on the PATH (apt-get install chromium chromium-driver)");
        }
        eprintln!("\n*** SKIPPED the browser tests: no chromedriver on the PATH. `apt-get install chromium chromium-driver` to run them (.ci/run does). ***\n");
        return;
    };
    let tmp = std::env::temp_dir().join(format!("fireteam-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(tmp.join("saves")).unwrap();
    let (_server, url) = serve(&tmp, &tmp.join("saves"));
    let port = free_port();
    let _driver = Reaped(
        Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let c = browser(port).await;
        let result = drive(&c, &url, &tmp).await;
        let _ = c.close().await;
        result
    });
    let _ = std::fs::remove_dir_all(&tmp);
}

async fn drive(c: &Client, url: &str, tmp: &Path) {
    c.goto(url).await.unwrap();
    until(
        c,
        "the page",
        "return document.body.dataset.ready === 'true'",
    )
    .await;
    let scenarios = root().join("scenarios");

    // ---- every system: dice-pool's grenade court, Blue is the person's.
    let court = scenarios.join("dice-pool/grenade-court.toml");
    open(c, &court, false).await;
    let v = view(c).await;
    assert_eq!(v["system"], "dice-pool");
    let drawn = js(
        c,
        "return document.querySelectorAll('#board g.unit').length",
    )
    .await;
    assert_eq!(drawn, json!(v["board"]["units"].as_array().unwrap().len()));
    let cells = js(
        c,
        "return document.querySelectorAll('#board polygon.cell').length",
    )
    .await;
    assert_eq!(
        cells.as_u64().unwrap(),
        v["board"]["width"].as_u64().unwrap() * v["board"]["height"].as_u64().unwrap()
    );
    play_to_the_end(c).await;
    let over = js(c, "return document.getElementById('over').textContent").await;
    assert!(
        over.as_str().unwrap().starts_with("The battle is over"),
        "{over}"
    );

    // ---- the court simulated: each side's win rate with its interval, and the draws.
    js(c, "document.getElementById('sim').open = true; document.getElementById('sim-runs').value = 40; return true;").await;
    c.find(Locator::Id("sim-btn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        c,
        "the chart",
        "return document.querySelectorAll('#sim-chart rect.bar').length === 3",
    )
    .await;
    let shares = js(c, "return [...document.querySelectorAll('#sim-chart rect.bar')].map(b => Number(b.dataset.p))").await;
    let total: f64 = shares
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .sum();
    assert!(
        (total - 1.0).abs() < 1e-9,
        "win rates and draws add up to 1: {shares}"
    );
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#sim-chart line.ci').length"
        )
        .await,
        json!(2)
    );

    // ---- SKIRMISH: the book's duel, with Bruce played by clicking.
    let duel = scenarios.join("skirmish/bruce-vs-zorgo.toml");
    open(c, &duel, false).await;
    let v = view(c).await;
    assert_eq!(v["system"], "skirmish");
    js(c, "const s = document.querySelector('.seat select[data-side=\"0\"]'); s.value = 'human'; s.dispatchEvent(new Event('change')); return true;").await;
    until(
        c,
        "the seat to change",
        "return app.view.sides[0].seat === 'human'",
    )
    .await;
    let odds = play_to_the_end(c).await;
    // The odds panel said what `fireteam odds --action` says for the same action.
    let (action, shown, before) = odds.expect("Bruce attacked at least once");
    assert_eq!(
        shown,
        cli_odds(&duel, &action, &before),
        "odds of '{action}'"
    );
    // The screenshot the README shows: the duel's last board.
    let png = c.screenshot().await.unwrap();
    // Into the build's scratch folder, wherever CARGO_TARGET_DIR puts it.
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("battle-map.png");
    std::fs::write(&shot, &png).unwrap();
    if std::env::var_os("FIRETEAM_UPDATE_SCREENSHOT").is_some() {
        std::fs::write(root().join("docs/img/battle-map.png"), &png).unwrap();
    }

    // ---- a replay of the duel's save: back and forth, and to any action.
    let save = PathBuf::from(view(c).await["save"].as_str().unwrap());
    let steps = view(c).await["steps"].as_u64().unwrap();
    open(c, &save, true).await;
    assert_eq!(
        js(c, "return document.getElementById('step-no').textContent").await,
        json!(format!("0 / {steps}"))
    );
    let start_units = view(c).await["board"]["units"].clone();
    c.find(Locator::Id("next"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        c,
        "step 1",
        &format!("return document.getElementById('step-no').textContent === '1 / {steps}'"),
    )
    .await;
    c.find(Locator::Id("last"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        c,
        "the end",
        &format!("return document.getElementById('step-no').textContent === '{steps} / {steps}'"),
    )
    .await;
    assert_ne!(
        view(c).await["board"]["units"],
        start_units,
        "the board moved"
    );
    assert!(
        view(c).await["over"].is_object(),
        "the replay ends where the battle ended"
    );
    c.find(Locator::Id("prev"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let back = steps - 1;
    until(
        c,
        "one step back",
        &format!("return document.getElementById('step-no').textContent === '{back} / {steps}'"),
    )
    .await;
    c.find(Locator::Id("first"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        c,
        "the start",
        &format!("return document.getElementById('step-no').textContent === '0 / {steps}'"),
    )
    .await;
    assert_eq!(view(c).await["board"]["units"], start_units);

    // ---- the setup editor: Bay turned his back on Ash; the odds there, and the setup saved
    // as a scenario that `check` accepts and whose `odds --action` says the same.
    let bench = scenarios.join("skirmish/bench-duel.toml");
    open(c, &bench, false).await;
    js(
        c,
        "document.getElementById('setup').open = true; return true;",
    )
    .await;
    c.find(Locator::Id("setup-edit"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(c, "the setup editor", "return !!app.setup").await;
    click_css(c, "g.unit[data-name='Bay']").await;
    until(c, "Bay to be chosen", "return app.setup.sel === 'Bay'").await;
    for _ in 0..3 {
        c.find(Locator::Id("turn-right"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }
    assert_eq!(
        js(c, "return app.setup.units['Bay'].facing").await,
        json!(1)
    );
    js(c, "document.getElementById('setup-action').value = 'Ash attacks Bay'; document.getElementById('setup-name').value = 'bay-turned'; return true;").await;
    js(
        c,
        "document.getElementById('odds').dataset.ready = ''; return true;",
    )
    .await;
    c.find(Locator::Id("setup-odds"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        c,
        "the setup's odds",
        "return document.getElementById('odds').dataset.ready === 'true'",
    )
    .await;
    let shown = js(
        c,
        "return [...document.querySelectorAll('#odds-outcomes .outcome')].map(r => [r.dataset.outcome, r.dataset.p]);",
    )
    .await;
    c.find(Locator::Id("setup-save"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        c,
        "the setup to be saved",
        "return document.getElementById('setup-status').textContent.startsWith('saved to')",
    )
    .await;
    let saved = tmp.join("saves/bay-turned.toml");
    let check = Command::new(env!("CARGO_BIN_EXE_fireteam"))
        .arg("check")
        .arg(&saved)
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert_eq!(shown, cli_odds(&saved, "Ash attacks Bay", &[]));
    assert_ne!(
        shown,
        cli_odds(&bench, "Ash attacks Bay", &[]),
        "a blow from behind has other odds"
    );

    // ---- tactical-3d6: the fencing yard, Inés's seat given to the AI on the page, played to
    // the end by stepping the AI; the board shows who is out.
    let yard = scenarios.join("tactical-3d6/fencing-yard-human.toml");
    open(c, &yard, false).await;
    let v = view(c).await;
    assert_eq!(v["system"], "tactical-3d6");
    js(c, "const s = document.querySelector('.seat select[data-side=\"1\"]'); s.value = 'ai:greedy'; s.dispatchEvent(new Event('change')); return true;").await;
    until(
        c,
        "the seat to change",
        "return app.view.sides[1].seat === 'ai:greedy'",
    )
    .await;
    play_to_the_end(c).await;
    let v = view(c).await;
    assert!(v["over"].is_object(), "{}", v["over"]);
    let drawn = js(
        c,
        "return document.querySelectorAll('#board g.unit').length",
    )
    .await;
    assert_eq!(drawn, json!(2));

    // ---- a broken scenario shows its error, with file, line and column.
    let broken = tmp.join("broken.toml");
    let text = std::fs::read_to_string(&duel)
        .unwrap()
        .replace("controller = \"ai:greedy\"", "controller = \"ai:gredy\"");
    std::fs::write(&broken, text).unwrap();
    open_expecting_error(c, &broken).await;
    let err = js(c, "return document.getElementById('error').textContent").await;
    let err = err.as_str().unwrap();
    assert!(err.contains("broken.toml:"), "{err}");
    assert!(err.contains("gredy"), "{err}");
    // ---- and a path outside the server's folders is refused.
    open_expecting_error(c, Path::new("/etc/passwd")).await;
    let err = js(c, "return document.getElementById('error').textContent").await;
    assert!(
        err.as_str().unwrap().contains("outside the folders"),
        "{err}"
    );
}

async fn open_expecting_error(c: &Client, path: &Path) {
    js(
        c,
        "document.getElementById('error').hidden = true; return true;",
    )
    .await;
    js(
        c,
        &format!(
            "const s = document.getElementById('open-path');
             const o = document.createElement('option'); o.value = {p}; s.appendChild(o); s.value = {p};
             document.getElementById('open-replay').checked = false; return true;",
            p = json!(path.display().to_string())
        ),
    )
    .await;
    c.find(Locator::Id("open-btn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        c,
        "the error",
        "return !document.getElementById('error').hidden",
    )
    .await;
}
