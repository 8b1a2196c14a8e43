//! `fireteam serve`: the battle map in a browser. A local web server (axum on tokio) with the
//! page's assets built into the binary, and a JSON API over [`table::Table`] that is the same
//! for every system: the page draws from the engine's board view and events, and knows no
//! system's types.
//!
//! It is a service on a shared machine: it listens on loopback unless told otherwise, request
//! bodies are bounded, files are opened only inside the folders it was given, and every battle
//! is saved atomically after every action, so closing a tab or stopping the server loses
//! nothing.

mod files;
mod setup;
mod table;

use axum::extract::{DefaultBodyLimit, Path as UrlPath, Query, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use clap::Args;
use files::Roots;
use miette::{miette, IntoDiagnostic, Result};
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use table::{Refusal, Seat, Table};
use tokio::sync::watch;

/// The largest request body the server reads: actions, faces and setups are small.
const MAX_BODY: usize = 256 * 1024;
/// The most battles one simulation from the page runs.
const MAX_SIM_RUNS: u64 = 1_000_000;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  fireteam serve scenarios/skirmish/arena-human.toml\n  \
    fireteam serve fireteam-saves/arena-human.1.json      # resume a saved battle\n  \
    fireteam serve --port 9000 --no-open scenarios/\n  \
    fireteam serve --host 0.0.0.0 scenarios/dice-pool/yard.toml   # reachable from the network"
)]
pub struct ServeArgs {
    /// A scenario or a save to open, or a folder of them (default: the current folder)
    pub path: Option<PathBuf>,
    /// The port (0: any free port)
    #[arg(long, default_value_t = 8047)]
    pub port: u16,
    /// The address to listen on; the default answers this machine only
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Do not open a browser
    #[arg(long)]
    pub no_open: bool,
    /// Another folder the page may open scenarios, saves and logs from (repeatable)
    #[arg(long = "dir", value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Where battles are saved after every action (default: fireteam-saves in the current folder)
    #[arg(long, value_name = "DIR")]
    pub saves: Option<PathBuf>,
    /// The catalog folder (default: the `data/` beside or above the scenario)
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

/// One open battle, the channel that tells watchers it changed, and its scenario's file and
/// text for the setup editor.
struct Slot {
    table: Mutex<Box<dyn Table>>,
    changed: watch::Sender<u64>,
    scenario: Option<(PathBuf, String)>,
}

impl Slot {
    fn bump(&self) {
        self.changed.send_modify(|v| *v += 1);
    }
}

struct Server {
    roots: Roots,
    data: Option<PathBuf>,
    games: Mutex<Vec<Arc<Slot>>>,
    /// One simulation at a time: it takes every core.
    simulating: tokio::sync::Semaphore,
}

type Shared = Arc<Server>;

pub fn run(args: ServeArgs) -> Result<()> {
    let saves = args
        .saves
        .clone()
        .unwrap_or_else(|| PathBuf::from("fireteam-saves"));
    std::fs::create_dir_all(&saves)
        .map_err(|e| miette!("cannot make the saves folder {}: {e}", saves.display()))?;
    let mut folders = args.dirs.clone();
    let opened = match &args.path {
        Some(p) if p.is_dir() => {
            folders.push(p.clone());
            None
        }
        Some(p) => {
            let parent = p
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("."));
            folders.push(parent);
            Some(p.clone())
        }
        None => {
            folders.push(PathBuf::from("."));
            None
        }
    };
    let roots = Roots::new(&folders, &saves)?;
    let server = Arc::new(Server {
        roots,
        data: args.data.clone(),
        games: Mutex::new(Vec::new()),
        simulating: tokio::sync::Semaphore::new(1),
    });
    // A broken file named on the command line is refused at once, with its problems.
    if let Some(p) = &opened {
        let opened = files::open(&server.roots, server.data.as_deref(), p, true)
            .map_err(|r| miette!(help = r.help.unwrap_or_default(), "{}", r.message))?;
        add_game(&server, opened);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .into_diagnostic()?;
    runtime.block_on(serve(server, args))
}

async fn serve(server: Shared, args: ServeArgs) -> Result<()> {
    let listener = match tokio::net::TcpListener::bind(SocketAddr::new(args.host, args.port)).await
    {
        Ok(l) => l,
        Err(e) if args.port != 0 && e.kind() == std::io::ErrorKind::AddrInUse => {
            eprintln!("port {} is in use; taking a free one", args.port);
            tokio::net::TcpListener::bind(SocketAddr::new(args.host, 0))
                .await
                .map_err(|e| miette!("cannot listen on {}: {e}", args.host))?
        }
        Err(e) => {
            return Err(miette!(
                help = "choose another --port, or --port 0 for any free one",
                "cannot listen on {}:{}: {e}",
                args.host,
                args.port
            ))
        }
    };
    let addr = listener.local_addr().into_diagnostic()?;
    let url = format!("http://{addr}/");
    // The URL is the first line on standard output, for people and for scripts.
    crate::format::emit(&url)?;
    if !args.host.is_loopback() {
        eprintln!(
            "listening on {} — anyone who can reach this machine can open the battle map",
            args.host
        );
    }
    eprintln!(
        "saves go to {}; Ctrl-C stops the server (every battle is already saved)",
        server.roots.saves().display()
    );
    if !args.no_open && webbrowser::open(&url).is_err() {
        eprintln!("could not open a browser; open {url} yourself");
    }
    let app = router(server);
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .into_diagnostic()
}

fn router(server: Shared) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/app.js", get(script))
        .route("/style.css", get(style))
        .route("/api/files", get(list_files))
        .route("/api/open", post(open))
        .route("/api/games", get(list_games))
        .route("/api/games/{id}", get(view))
        .route("/api/games/{id}/log", get(log))
        .route("/api/games/{id}/focus/{unit}", get(focus))
        .route("/api/games/{id}/act", post(act))
        .route("/api/games/{id}/step", post(step))
        .route("/api/games/{id}/dice", post(dice))
        .route("/api/games/{id}/mode", post(mode))
        .route("/api/games/{id}/seat", post(seat))
        .route("/api/games/{id}/odds", post(odds))
        .route("/api/games/{id}/goto", post(goto))
        .route("/api/games/{id}/play-from-here", post(play_from_here))
        .route("/api/games/{id}/sim", post(simulate))
        .route("/api/games/{id}/watch", get(watch_game))
        .route("/api/games/{id}/setup", get(read_setup).post(use_setup))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(server)
}

const INDEX_HTML: &str = include_str!("../../assets/index.html");
const APP_JS: &str = include_str!("../../assets/app.js");
const STYLE_CSS: &str = include_str!("../../assets/style.css");

async fn page() -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        INDEX_HTML,
    )
        .into_response()
}

async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
        .into_response()
}

async fn style() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE_CSS,
    )
        .into_response()
}

/// A refusal as the page reads it: 400 with `error` and `help`.
impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": self.message, "help": self.help})),
        )
            .into_response()
    }
}

type Answer = Result<Json<Value>, Refusal>;

fn game(server: &Server, id: usize) -> Result<Arc<Slot>, Refusal> {
    let games = server
        .games
        .lock()
        .map_err(|_| Refusal::new("the server is stopping"))?;
    games
        .get(id)
        .cloned()
        .ok_or_else(|| Refusal::new(format!("there is no battle {id}")).help("open a scenario"))
}

fn add_game(server: &Server, opened: files::Opened) -> usize {
    let (changed, _) = watch::channel(0);
    let mut games = server.games.lock().unwrap_or_else(|e| e.into_inner());
    games.push(Arc::new(Slot {
        table: Mutex::new(opened.table),
        changed,
        scenario: opened.scenario,
    }));
    games.len() - 1
}

/// Runs `f` on a battle's table off the async threads (resolving, odds and saves take time),
/// and tells watchers when `changes` says it changed the battle.
async fn with_table<T: Send + 'static>(
    server: Shared,
    id: usize,
    changes: bool,
    f: impl FnOnce(&mut dyn Table) -> Result<T, Refusal> + Send + 'static,
) -> Result<T, Refusal> {
    let slot = game(&server, id)?;
    tokio::task::spawn_blocking(move || {
        let out = {
            let mut t = slot
                .table
                .lock()
                .map_err(|_| Refusal::new("this battle failed earlier; open it again"))?;
            f(t.as_mut())
        };
        if changes {
            slot.bump();
        }
        out
    })
    .await
    .map_err(|e| Refusal::new(format!("the server failed: {e}")))?
}

async fn list_files(State(server): State<Shared>) -> Answer {
    Ok(Json(server.roots.listing()))
}

#[derive(Deserialize)]
struct OpenBody {
    path: String,
    /// Open a save or a log as a replay (back and forth), not to play on.
    #[serde(default)]
    replay: bool,
}

async fn open(State(server): State<Shared>, Json(body): Json<OpenBody>) -> Answer {
    let s = server.clone();
    let table = tokio::task::spawn_blocking(move || {
        let path = s.roots.resolve(&body.path)?;
        files::open(&s.roots, s.data.as_deref(), &path, !body.replay)
    })
    .await
    .map_err(|e| Refusal::new(format!("the server failed: {e}")))??;
    let id = add_game(&server, table);
    Ok(Json(json!({"id": id})))
}

async fn list_games(State(server): State<Shared>) -> Answer {
    let games: Vec<Arc<Slot>> = server
        .games
        .lock()
        .map_err(|_| Refusal::new("the server is stopping"))?
        .clone();
    let list: Vec<Value> = games
        .iter()
        .enumerate()
        .map(|(id, g)| {
            let title = g
                .table
                .lock()
                .map(|t| t.view()["title"].clone())
                .unwrap_or(Value::Null);
            json!({"id": id, "title": title})
        })
        .collect();
    Ok(Json(Value::Array(list)))
}

async fn view(State(server): State<Shared>, UrlPath(id): UrlPath<usize>) -> Answer {
    with_table(server, id, false, |t| Ok(t.view()))
        .await
        .map(Json)
}

#[derive(Deserialize)]
struct From {
    #[serde(default)]
    from: usize,
}

async fn log(
    State(server): State<Shared>,
    UrlPath(id): UrlPath<usize>,
    Query(q): Query<From>,
) -> Answer {
    with_table(server, id, false, move |t| Ok(t.log(q.from)))
        .await
        .map(Json)
}

async fn focus(State(server): State<Shared>, UrlPath((id, unit)): UrlPath<(usize, u16)>) -> Answer {
    with_table(server, id, false, move |t| t.focus(unit))
        .await
        .map(Json)
}

#[derive(Deserialize)]
struct ActBody {
    text: String,
}

async fn act(
    State(server): State<Shared>,
    UrlPath(id): UrlPath<usize>,
    Json(b): Json<ActBody>,
) -> Answer {
    with_table(server, id, true, move |t| {
        t.act(&b.text)?;
        Ok(t.view())
    })
    .await
    .map(Json)
}

async fn step(State(server): State<Shared>, UrlPath(id): UrlPath<usize>) -> Answer {
    with_table(server, id, true, |t| {
        t.step_ai()?;
        Ok(t.view())
    })
    .await
    .map(Json)
}

#[derive(Deserialize)]
struct DiceBody {
    faces: Vec<u32>,
}

async fn dice(
    State(server): State<Shared>,
    UrlPath(id): UrlPath<usize>,
    Json(b): Json<DiceBody>,
) -> Answer {
    with_table(server, id, true, move |t| {
        t.give_dice(&b.faces)?;
        Ok(t.view())
    })
    .await
    .map(Json)
}

#[derive(Deserialize)]
struct ModeBody {
    dice: String,
}

async fn mode(
    State(server): State<Shared>,
    UrlPath(id): UrlPath<usize>,
    Json(b): Json<ModeBody>,
) -> Answer {
    let table = match b.dice.as_str() {
        "table" => true,
        "software" => false,
        other => {
            return Err(Refusal::new(format!("dice '{other}'"))
                .help("dice are rolled by the 'software' or at the 'table'"))
        }
    };
    with_table(server, id, true, move |t| {
        t.set_table_dice(table);
        Ok(t.view())
    })
    .await
    .map(Json)
}

#[derive(Deserialize)]
struct SeatBody {
    side: usize,
    seat: String,
}

async fn seat(
    State(server): State<Shared>,
    UrlPath(id): UrlPath<usize>,
    Json(b): Json<SeatBody>,
) -> Answer {
    let seat = Seat::parse(&b.seat)?;
    with_table(server, id, true, move |t| {
        t.set_seat(b.side, seat)?;
        Ok(t.view())
    })
    .await
    .map(Json)
}

#[derive(Deserialize)]
struct OddsBody {
    text: String,
    /// Dodge or parry dice each defender puts up, as `odds --defend` (default 0).
    #[serde(default)]
    defend: u8,
}

async fn odds(
    State(server): State<Shared>,
    UrlPath(id): UrlPath<usize>,
    Json(b): Json<OddsBody>,
) -> Answer {
    with_table(server, id, false, move |t| t.odds(&b.text, b.defend))
        .await
        .map(Json)
}

#[derive(Deserialize)]
struct GotoBody {
    step: usize,
}

async fn goto(
    State(server): State<Shared>,
    UrlPath(id): UrlPath<usize>,
    Json(b): Json<GotoBody>,
) -> Answer {
    with_table(server, id, true, move |t| {
        t.goto(b.step)?;
        Ok(t.view())
    })
    .await
    .map(Json)
}

async fn play_from_here(State(server): State<Shared>, UrlPath(id): UrlPath<usize>) -> Answer {
    with_table(server, id, true, |t| {
        t.play_from_here();
        Ok(t.view())
    })
    .await
    .map(Json)
}

#[derive(Deserialize)]
struct SimBody {
    runs: u64,
}

async fn simulate(
    State(server): State<Shared>,
    UrlPath(id): UrlPath<usize>,
    Json(b): Json<SimBody>,
) -> Answer {
    if b.runs == 0 || b.runs > MAX_SIM_RUNS {
        return Err(Refusal::new(format!("{} battles", b.runs))
            .help(format!("run 1 to {MAX_SIM_RUNS} battles")));
    }
    let gate = server.clone();
    let _one_at_a_time = gate
        .simulating
        .acquire()
        .await
        .map_err(|_| Refusal::new("the server is stopping"))?;
    let job = with_table(server, id, false, move |t| Ok(t.simulation(b.runs))).await?;
    tokio::task::spawn_blocking(job)
        .await
        .map_err(|e| Refusal::new(format!("the simulation failed: {e}")))?
        .map(Json)
}

/// Server-sent events: one `changed` message each time the battle changes, so a second
/// browser watches the same battle live.
async fn watch_game(
    State(server): State<Shared>,
    UrlPath(id): UrlPath<usize>,
) -> Result<impl IntoResponse, Refusal> {
    let slot = game(&server, id)?;
    let rx = slot.changed.subscribe();
    let stream = tokio_stream::wrappers::WatchStream::new(rx).map(|v| {
        Ok::<_, std::convert::Infallible>(SseEvent::default().event("changed").data(v.to_string()))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

use tokio_stream::StreamExt as _;

/// The scenario of a battle, as the setup editor shows it: its units and options.
async fn read_setup(State(server): State<Shared>, UrlPath(id): UrlPath<usize>) -> Answer {
    let slot = game(&server, id)?;
    let (path, text) = slot.scenario.as_ref().ok_or_else(no_scenario)?;
    let mut v = setup::read(text)?;
    v["scenario"] = json!(path.display().to_string());
    Ok(Json(v))
}

fn no_scenario() -> Refusal {
    Refusal::new("this battle was opened from a save or a log")
        .help("open its scenario file to edit the setup")
}

/// A setup: played as a new battle, asked the odds of an action, or saved as a scenario file.
async fn use_setup(
    State(server): State<Shared>,
    UrlPath(id): UrlPath<usize>,
    Json(body): Json<setup::SetupBody>,
) -> Answer {
    let slot = game(&server, id)?;
    let (path, text) = slot.scenario.clone().ok_or_else(no_scenario)?;
    let s = server.clone();
    tokio::task::spawn_blocking(move || -> Result<Value, Refusal> {
        let edited = setup::edit(&text, &body)?;
        let stem = path
            .file_stem()
            .map(|x| x.to_string_lossy().into_owned())
            .unwrap_or_else(|| "scenario".into());
        let name = format!("{stem}-setup.toml");
        let loaded = crate::scenario_files::load_text(&name, &edited, &path, s.data.as_deref())
            .map_err(|e| Refusal::new(format!("{e}")).help("change the setup and try again"))?;
        match body.what.as_str() {
            "play" => {
                let table = files::start(&s.roots, &loaded, Path::new(&name))?;
                let id = add_game(
                    &s,
                    files::Opened {
                        table,
                        scenario: Some((path.clone(), edited)),
                    },
                );
                Ok(json!({"id": id}))
            }
            "odds" => {
                let action = body.action.as_deref().unwrap_or("").trim();
                if action.is_empty() {
                    return Err(Refusal::new("no action to give the odds of").help(
                        "write an action, e.g. 'Ash attacks Bay' or 'Dee fires a burst at Ana'",
                    ));
                }
                let effort = crate::action_odds::Effort {
                    exact_paths: crate::action_odds::DEFAULT_EXACT_PATHS,
                    samples: crate::action_odds::DEFAULT_SAMPLES,
                    seed: loaded.scenario.seed.unwrap_or(1),
                };
                let out = crate::action_odds::run_loaded(
                    &loaded,
                    &name,
                    action,
                    body.after.as_deref(),
                    body.defend,
                    true,
                    effort,
                )
                .map_err(|e| {
                    let help = e.help().map(|h| h.to_string());
                    let r = Refusal::new(format!("{e}"));
                    match help {
                        Some(h) => r.help(h),
                        None => r,
                    }
                })?;
                serde_json::from_str(&out).map_err(|e| Refusal::new(format!("{e}")))
            }
            "save" => {
                let file = setup::file_name(body.name.as_deref().unwrap_or(""))?;
                let target = s.roots.saves().join(file);
                write_atomic(&target, &edited)?;
                // What was written is what `fireteam check` reads.
                crate::scenario_files::load(&target, s.data.as_deref())
                    .map_err(|e| Refusal::new(format!("{e}")))?;
                Ok(json!({"saved": target.display().to_string()}))
            }
            other => Err(
                Refusal::new(format!("'{other}' is not something to do with a setup"))
                    .help("do 'play', 'odds' or 'save'"),
            ),
        }
    })
    .await
    .map_err(|e| Refusal::new(format!("the server failed: {e}")))?
    .map(Json)
}

/// Writes `text` to a temporary file beside `path`, then renames it over `path`.
fn write_atomic(path: &Path, text: &str) -> Result<(), Refusal> {
    let tmp = path.with_extension("toml.tmp");
    std::fs::write(&tmp, text)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| Refusal::new(format!("cannot write {}: {e}", path.display())))
}
