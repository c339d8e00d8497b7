//! "No module imports one that imports it back" (ARCHITECTURE.md), checked on the sources: in every crate of the
//! workspace the files' imports form no circle, and the server's folders import one another exactly along the
//! arrows written down in ARCHITECTURE.md's "Folder arrows" table, so a new arrow is a decision someone wrote
//! down, never an accident.
//!
//! A module is a file (`a/b.rs` is `a::b`, `a/mod.rs` is `a`); a module and the modules inside its own folder
//! count as one here (a folder's `mod.rs` is its front, and its files use what it declares). Imports are read
//! from `use` trees and from `crate::`, `super::` and `self::` paths anywhere in the code; comments and test
//! modules are left out, since tests may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's library crates, by folder.
const CRATES: &[&str] = &["engine", "bot", "protocol", "server", "loadgen", "relay", "train", "tests"];

type Module = Vec<String>;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace holds the tests crate").to_path_buf()
}

/// Every module file of a crate's library (or binary, without one), by module path; `src/bin/` holds other
/// crates.
fn modules(src: &Path) -> BTreeMap<Module, PathBuf> {
    let mut found = BTreeMap::new();
    let mut folders = vec![src.to_path_buf()];
    let has_lib = src.join("lib.rs").exists();
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("a source folder reads") {
            let path = entry.expect("a folder entry").path();
            let relative = path.strip_prefix(src).expect("under src").to_path_buf();
            if path.is_dir() {
                if relative != Path::new("bin") {
                    folders.push(path);
                }
                continue;
            }
            if path.extension().is_none_or(|extension| extension != "rs") {
                continue;
            }
            let mut module: Module =
                relative.with_extension("").iter().map(|part| part.to_string_lossy().into_owned()).collect();
            match module.last().map(String::as_str) {
                Some("mod") => {
                    module.pop();
                }
                Some("lib") if module.len() == 1 => module.clear(),
                Some("main") if module.len() == 1 => {
                    if has_lib {
                        continue;
                    }
                    module.clear();
                }
                _ => {}
            }
            found.insert(module, path);
        }
    }
    found
}

/// The code of a file without its comments, strings' contents and `#[cfg(test)]` modules.
fn code(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if text[i..].starts_with("//") {
            i += text[i..].find('\n').unwrap_or(text.len() - i);
        } else if text[i..].starts_with("/*") {
            i += text[i..].find("*/").map_or(text.len() - i, |end| end + 2);
        } else if let Some(hashes) = raw_string_start(&text[i..]) {
            // A raw string ends at a quote and as many hashes as it began with.
            let start = i + 1 + hashes + 1 + usize::from(bytes[i] == b'b');
            let end = format!("\"{}", "#".repeat(hashes));
            i = text[start..].find(&end).map_or(text.len(), |at| start + at + end.len());
            out.push_str("\"\"");
        } else if bytes[i] == b'"' {
            // Skip the string's contents; escapes may hide a quote.
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if let Some(length) = char_literal_length(&text[i..]) {
            i += length;
            out.push_str("' '");
        } else {
            let c = text[i..].chars().next().expect("a character");
            out.push(c);
            i += c.len_utf8();
        }
    }
    without_test_modules(&out)
}

/// With `text` at a raw string (`r"`, `r#"`, `br##"` …), how many hashes open it.
fn raw_string_start(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('b').unwrap_or(text).strip_prefix('r')?;
    let hashes = rest.len() - rest.trim_start_matches('#').len();
    rest[hashes..].starts_with('"').then_some(hashes)
}

/// With `text` at a character literal (`'x'`, `'\''`, `'\u{1F600}'`), its length; `None` at a lifetime.
fn char_literal_length(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('\'')?;
    if let Some(escaped) = rest.strip_prefix('\\') {
        let close = escaped.char_indices().skip(1).find(|&(_, c)| c == '\'')?.0;
        return Some(1 + 1 + close + 1);
    }
    let c = rest.chars().next()?;
    rest[c.len_utf8()..].starts_with('\'').then_some(1 + c.len_utf8() + 1)
}

fn without_test_modules(code: &str) -> String {
    let mut out = code.to_owned();
    while let Some(at) = out.find("#[cfg(test)]") {
        let rest = &out[at..];
        let Some(open) = rest.find(['{', ';']) else { break };
        let end = if rest.as_bytes()[open] == b';' {
            at + open + 1
        } else {
            let mut depth = 0;
            let mut end = out.len();
            for (offset, byte) in rest.bytes().enumerate().skip(open) {
                match byte {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = at + offset + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            end
        };
        out.replace_range(at..end, "");
    }
    out
}

/// Every path the code names that starts with `crate`, `super` or `self`, `use` trees expanded.
fn paths(code: &str) -> Vec<Vec<String>> {
    let tokens = tokens(code);
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == "use" {
            let (trees, next) = use_tree(&tokens, i + 1, &[]);
            found.extend(trees);
            i = next;
        } else if matches!(tokens[i].as_str(), "crate" | "super" | "self")
            && tokens.get(i + 1).is_some_and(|t| t == "::")
        {
            let mut path = vec![tokens[i].clone()];
            let mut j = i + 1;
            while tokens.get(j).is_some_and(|t| t == "::") && tokens.get(j + 1).is_some_and(|t| is_ident(t)) {
                path.push(tokens[j + 1].clone());
                j += 2;
            }
            found.push(path);
            i = j;
        } else {
            i += 1;
        }
    }
    found
}

/// Reads a `use` tree from `at`: its full paths, and where it ends.
fn use_tree(tokens: &[String], mut at: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut path = prefix.to_vec();
    let mut found = Vec::new();
    while at < tokens.len() {
        match tokens[at].as_str() {
            "::" => at += 1,
            "{" => {
                at += 1;
                while at < tokens.len() && tokens[at] != "}" {
                    if tokens[at] == "," {
                        at += 1;
                        continue;
                    }
                    let (inner, next) = use_tree(tokens, at, &path);
                    found.extend(inner);
                    at = next;
                }
                return (found, at + 1);
            }
            "," | "}" | ";" => {
                if path.len() > prefix.len() {
                    found.push(path);
                }
                return (found, if tokens[at] == ";" { at + 1 } else { at });
            }
            "as" => at += 2,
            token if is_ident(token) => {
                path.push(token.to_owned());
                at += 1;
            }
            _ => at += 1,
        }
    }
    (found, at)
}

fn is_ident(token: &str) -> bool {
    token.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
}

fn tokens(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut chars = code.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            let mut end = at + c.len_utf8();
            while let Some(&(next, n)) = chars.peek() {
                if !(n.is_alphanumeric() || n == '_') {
                    break;
                }
                end = next + n.len_utf8();
                chars.next();
            }
            tokens.push(code[at..end].to_owned());
        } else if c == ':' && chars.peek().is_some_and(|&(_, n)| n == ':') {
            chars.next();
            tokens.push("::".to_owned());
        } else if !c.is_whitespace() {
            tokens.push(c.to_string());
        }
    }
    tokens
}

/// The module a path names: its longest prefix that is a module file.
fn resolve(from: &Module, path: &[String], modules: &BTreeMap<Module, PathBuf>) -> Option<Module> {
    let mut full: Module = Vec::new();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => rest = &path[1..],
        Some("self") => {
            full.clone_from(from);
            rest = &path[1..];
        }
        Some("super") => {
            full.clone_from(from);
            while rest.first().is_some_and(|part| part == "super") {
                full.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    full.extend(rest.iter().cloned());
    while !full.is_empty() {
        if modules.contains_key(&full) {
            return Some(full);
        }
        full.pop();
    }
    None
}

/// A crate's imports between modules, a module and its own submodules left out.
fn imports(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules = modules(src);
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = fs::read_to_string(file).expect("a source file reads");
        let targets = graph.entry(module.clone()).or_default();
        for path in paths(&code(&text)) {
            let Some(target) = resolve(module, &path, &modules) else { continue };
            if !target.starts_with(module) && !module.starts_with(&target) {
                targets.insert(target);
            }
        }
    }
    graph
}

/// The circles of a graph: its strongly connected components of more than one module (Tarjan's algorithm).
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, module: &'a Module) {
            let index = self.index.len();
            self.index.insert(module, index);
            self.low.insert(module, index);
            self.stack.push(module);
            for target in self.graph.get(module).into_iter().flatten() {
                if !self.index.contains_key(target) {
                    self.visit(target);
                    let low = self.low[module].min(self.low[target]);
                    self.low.insert(module, low);
                } else if self.stack.contains(&target) {
                    let low = self.low[module].min(self.index[target]);
                    self.low.insert(module, low);
                }
            }
            if self.low[module] == self.index[module] {
                let mut component = Vec::new();
                while let Some(top) = self.stack.pop() {
                    component.push(top.clone());
                    if top == module {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk { graph, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for module in graph.keys() {
        if !walk.index.contains_key(module) {
            walk.visit(module);
        }
    }
    walk.found
}

/// The server's folder arrows as ARCHITECTURE.md's "Folder arrows" table writes them: each row a folder (a
/// top-level module) and the folders it imports.
fn written_folder_arrows() -> BTreeMap<String, BTreeSet<String>> {
    let architecture = fs::read_to_string(workspace().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md reads");
    let Some(table) = architecture.split("### Folder arrows").nth(1) else { return BTreeMap::new() };
    let names = |cell: &str| -> BTreeSet<String> {
        cell.split(',').map(|name| name.trim().trim_matches('`').to_owned()).filter(|name| !name.is_empty()).collect()
    };
    let mut arrows = BTreeMap::new();
    for row in table.lines().skip_while(|line| !line.starts_with('|')).take_while(|line| line.starts_with('|')) {
        let cells: Vec<&str> = row.trim_matches('|').split('|').collect();
        let [folder, imported] = cells[..] else { panic!("a row of two cells: {row}") };
        let folder = folder.trim().trim_matches('`');
        if folder == "folder" || folder.starts_with('-') {
            continue;
        }
        arrows.insert(folder.to_owned(), names(imported));
    }
    arrows
}

#[test]
fn no_crate_has_a_circle_of_imports() {
    for name in CRATES {
        let graph = imports(&workspace().join(name).join("src"));
        assert!(graph.len() > 1, "{name} has modules to check");
        let circles = circles(&graph);
        assert!(circles.is_empty(), "{name}'s modules import in circles: {circles:?}");
    }
}

#[test]
fn the_servers_folders_import_along_the_written_arrows() {
    let graph = imports(&workspace().join("server").join("src"));
    let mut arrows: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, targets) in &graph {
        let Some(folder) = module.first() else { continue };
        let imported = arrows.entry(folder.clone()).or_default();
        imported.extend(targets.iter().filter_map(|target| target.first()).filter(|target| *target != folder).cloned());
    }
    let written = written_folder_arrows();
    let mut differences = Vec::new();
    for folder in arrows.keys().chain(written.keys()).collect::<BTreeSet<_>>() {
        let (code, doc) =
            (arrows.get(folder).cloned().unwrap_or_default(), written.get(folder).cloned().unwrap_or_default());
        let unwritten: Vec<_> = code.difference(&doc).collect();
        let gone: Vec<_> = doc.difference(&code).collect();
        if !unwritten.is_empty() || !gone.is_empty() || !written.contains_key(folder) {
            differences
                .push(format!("{folder}: imports {unwritten:?} not written down; written {gone:?} not imported"));
        }
    }
    let table: Vec<String> = arrows
        .iter()
        .map(|(folder, imported)| {
            let imported: Vec<String> = imported.iter().map(|name| format!("`{name}`")).collect();
            format!("| `{folder}` | {} |", imported.join(", "))
        })
        .collect();
    assert!(
        differences.is_empty(),
        "ARCHITECTURE.md's folder arrows differ from the code:\n{}\n\nThe code's table:\n{}",
        differences.join("\n"),
        table.join("\n")
    );
}

#[test]
fn a_circle_of_files_is_found() {
    let src = tempfile_dir();
    fs::create_dir_all(src.join("a")).unwrap();
    fs::write(src.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    fs::write(src.join("a/mod.rs"), "mod inner;\nuse crate::b::Thing; // crate::c::Nothing\n").unwrap();
    fs::write(src.join("a/inner.rs"), "pub fn f() { super::super::b::g(); }\n").unwrap();
    fs::write(src.join("b.rs"), "use crate::{a::{inner::f}};\nconst S: &str = \"crate::c\";\n").unwrap();
    let graph = imports(&src);
    let a = vec!["a".to_owned()];
    let inner = vec!["a".to_owned(), "inner".to_owned()];
    let b = vec!["b".to_owned()];
    assert_eq!(graph[&a], BTreeSet::from([b.clone()]), "a comment names no module");
    assert_eq!(graph[&inner], BTreeSet::from([b.clone()]), "super::super from a folder's file");
    assert_eq!(graph[&b], BTreeSet::from([inner.clone()]), "nested use trees; a string names no module");
    let found = circles(&graph);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].iter().collect::<BTreeSet<_>>(), BTreeSet::from([&inner, &b]));
    fs::remove_dir_all(src).unwrap();
}

fn tempfile_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kartka-module-graph-{}", uuid::Uuid::new_v4()));
    fs::create_dir_all(&dir).unwrap();
    dir
}
