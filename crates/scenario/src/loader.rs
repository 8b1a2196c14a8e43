//! The entry point for programs: a `Loader` knows the rule systems and where their catalogs
//! are, reads a scenario, picks its system, loads that system's catalog and checks the scenario
//! against both, and returns everything or every problem found in any of the files.

use crate::catalog::Catalog;
use crate::catalog_load::{build_catalog, read_dir};
use crate::check::{self, Context};
use crate::parse::parse;
use crate::problem::{Diagnostics, Problem};
use crate::scenario::Scenario;
use crate::schema::ScenarioSchema;
use crate::source::SourceFile;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A valid scenario with the catalog it was checked against.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub scenario: Scenario,
    pub catalog: Catalog,
}

impl Loaded {
    /// File name → content hash of the scenario and every catalog file, as saves record them.
    pub fn content_hashes(&self) -> BTreeMap<String, String> {
        std::iter::once(&self.scenario.file)
            .chain(self.catalog.files())
            .map(|f| (f.name.clone(), f.content_hash.clone()))
            .collect()
    }
}

/// Loads scenarios for the systems it is given.
///
/// ```
/// use fireteam_scenario::{Loader, SourceFile, testing::TestSchema};
///
/// let loader = Loader::new().schema(&TestSchema).data_dir("no-data-needed");
/// let file = SourceFile::new("bad.toml", "system = \"fixtur\"\n");
/// let err = loader.load(&file).unwrap_err();
/// assert!(err.render_plain().contains("did you mean 'fixture'?"));
/// ```
#[derive(Default)]
pub struct Loader<'a> {
    schemas: Vec<&'a dyn ScenarioSchema>,
    data_dir: Option<PathBuf>,
    catalog_files: BTreeMap<String, Vec<SourceFile>>,
    policies: Option<Vec<String>>,
}

impl<'a> Loader<'a> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers a rule system.
    pub fn schema(mut self, schema: &'a dyn ScenarioSchema) -> Self {
        self.schemas.push(schema);
        self
    }

    /// The data folder: a system's catalog is every `*.toml` in `<dir>/<system>/`.
    pub fn data_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.data_dir = Some(dir.into());
        self
    }

    /// A system's catalog from files in memory, instead of the data folder (tests, fuzzing,
    /// programs that embed their data).
    pub fn catalog_files(mut self, system: &str, files: Vec<SourceFile>) -> Self {
        self.catalog_files.insert(system.to_string(), files);
        self
    }

    /// The AI policy names `ai:<policy>` may use; without this any well-formed name is taken
    /// and the AI crate checks it when it builds the player.
    pub fn policies<I, S>(mut self, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.policies = Some(names.into_iter().map(Into::into).collect());
        self
    }

    /// The registered systems' names.
    pub fn systems(&self) -> Vec<&'static str> {
        self.schemas.iter().map(|s| s.system()).collect()
    }

    fn schema_for(&self, system: &str) -> Option<&'a dyn ScenarioSchema> {
        self.schemas.iter().copied().find(|s| s.system() == system)
    }

    /// Reads and loads a scenario file.
    pub fn load_path(&self, path: &Path) -> Result<Loaded, Diagnostics> {
        let file = SourceFile::read(path)?;
        self.load(&file)
    }

    /// Loads a scenario already read.
    pub fn load(&self, file: &SourceFile) -> Result<Loaded, Diagnostics> {
        let doc = parse(file).map_err(|p| Diagnostics::from(*p))?;
        let schema = check::peek_system(&doc).and_then(|s| self.schema_for(&s));
        let (catalog, mut problems) = match schema {
            Some(schema) => self.catalog_with_problems(schema),
            None => (None, Vec::new()),
        };
        let policies = self
            .policies
            .as_ref()
            .map(|p| p.iter().map(String::as_str).collect());
        let cx = Context {
            schema,
            // An unreadable catalog is reported once, not once per terrain and weapon.
            catalog: catalog.as_ref(),
            systems: self.schemas.iter().map(|s| s.system()).collect(),
            policies,
        };
        let (scenario, mut found) = check::check(file, &doc, &cx);
        // The scenario's own problems first, then the catalog's.
        found.append(&mut problems);
        match (scenario, catalog) {
            (Some(scenario), Some(catalog)) if found.is_empty() => Ok(Loaded { scenario, catalog }),
            _ => Err(Diagnostics::new(found)),
        }
    }

    /// Loads and checks a system's catalog on its own (for `fireteam check data/...`).
    pub fn load_catalog(&self, system: &str) -> Result<Catalog, Diagnostics> {
        let Some(schema) = self.schema_for(system) else {
            return Err(Problem::unplaced(
                crate::problem::ProblemKind::UnknownSystem,
                system.to_string(),
                format!("unknown system '{system}'"),
                Some(format!(
                    "the known systems are {}",
                    crate::suggest::all_of(self.systems())
                )),
            )
            .into());
        };
        match self.catalog_with_problems(schema) {
            (Some(catalog), problems) if problems.is_empty() => Ok(catalog),
            (_, problems) => Err(Diagnostics::new(problems)),
        }
    }

    /// The catalog as far as it is valid, and its problems; `None` when its folder cannot
    /// be read.
    fn catalog_with_problems(
        &self,
        schema: &dyn ScenarioSchema,
    ) -> (Option<Catalog>, Vec<Problem>) {
        let system = schema.system();
        if let Some(files) = self.catalog_files.get(system) {
            let (catalog, problems) = build_catalog(files, schema);
            return (Some(catalog), problems);
        }
        let Some(dir) = &self.data_dir else {
            return (Some(Catalog::new(system)), Vec::new());
        };
        match read_dir(&dir.join(system)) {
            Ok(files) => {
                let (catalog, problems) = build_catalog(&files, schema);
                (Some(catalog), problems)
            }
            Err(problems) => (None, problems),
        }
    }
}

/// Checks one scenario against one system and its catalog, already loaded.
pub fn load_scenario(
    file: &SourceFile,
    schema: &dyn ScenarioSchema,
    catalog: &Catalog,
) -> Result<Scenario, Diagnostics> {
    let doc = parse(file).map_err(|p| Diagnostics::from(*p))?;
    let cx = Context {
        schema: Some(schema),
        catalog: Some(catalog),
        systems: vec![schema.system()],
        policies: None,
    };
    match check::check(file, &doc, &cx) {
        (Some(s), p) if p.is_empty() => Ok(s),
        (_, p) => Err(Diagnostics::new(p)),
    }
}
