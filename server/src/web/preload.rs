//! The scripts a page needs before it can run, named up front: the static imports of its module script, followed
//! through every file they import. A browser finds a module's imports only once the module arrives, so without
//! the list a cold page fetches its scripts one level of imports at a time, a round trip each; with
//! `<link rel="modulepreload">` for each it fetches them all at once. Only static imports count: a page's own
//! modules (`import()` of app.js's routes) and a kind's rules page are loaded when they are shown.

use std::collections::{HashSet, VecDeque};

/// `html` with a `<link rel="modulepreload">` before `</head>` for every file its module scripts import, directly
/// or not, breadth first (the first needed first). `read` gives a file of the client by its path relative to the
/// client's root (`js/app.js`); a file it does not have is left out, with what it would import.
pub fn with_module_preloads(html: &str, read: impl Fn(&str) -> Option<String>) -> String {
    let Some(head_end) = html.find("</head>") else { return html.to_owned() };
    let entries: Vec<String> = module_scripts(html).map(|src| src.trim_start_matches('/').to_owned()).collect();
    let mut seen: HashSet<String> = entries.iter().cloned().collect();
    let mut queue: VecDeque<(String, bool)> = entries.into_iter().map(|entry| (entry, true)).collect();
    let mut links = String::new();
    while let Some((path, entry)) = queue.pop_front() {
        let Some(text) = read(&path) else { continue };
        if !entry {
            links.push_str(&format!("    <link rel=\"modulepreload\" href=\"/{path}\">\n"));
        }
        for imported in static_imports(&text).filter_map(|specifier| resolve(&path, specifier)) {
            if seen.insert(imported.clone()) {
                queue.push_back((imported, false));
            }
        }
    }
    let (head, rest) = html.split_at(head_end);
    let indent = head.len() - head.trim_end_matches(' ').len();
    format!("{}{links}{}{rest}", &head[..head.len() - indent], " ".repeat(indent))
}

/// The `src` of each `<script type="module" src="/…">` of a page.
fn module_scripts(html: &str) -> impl Iterator<Item = &str> {
    html.split("<script")
        .skip(1)
        .filter(|tag| tag.split('>').next().is_some_and(|open| open.contains("type=\"module\"")))
        .filter_map(|tag| {
            let open = tag.split('>').next()?;
            let src = open.split("src=\"").nth(1)?;
            src.split('"').next().filter(|src| src.starts_with('/'))
        })
}

/// The specifiers of a module's static imports and re-exports: `import … from '…'`, `import '…'` and
/// `export … from '…'`, as the client writes them, one statement a line or a list over several lines ending in
/// `} from '…'`. Dynamic `import(…)` is not one.
fn static_imports(module: &str) -> impl Iterator<Item = &str> {
    module.lines().map(str::trim_start).filter_map(|line| {
        let quoted = if line.starts_with("import '") {
            line.strip_prefix("import ")
        } else if line.starts_with("import ") || line.starts_with("export ") || line.starts_with("} from ") {
            line.split_once(" from ").map(|(_, quoted)| quoted)
        } else {
            None
        }?;
        let quoted = quoted.trim_start();
        let quote = quoted.chars().next().filter(|c| *c == '\'' || *c == '"')?;
        quoted[1..].split(quote).next()
    })
}

/// A relative specifier (`./x.js`, `../y/z.js`) imported by the file at `from`, as a path from the client's
/// root; none for any other (a bare or absolute one, or one that leaves the root).
fn resolve(from: &str, specifier: &str) -> Option<String> {
    if !specifier.starts_with("./") && !specifier.starts_with("../") {
        return None;
    }
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in specifier.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            part => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    const PAGE: &str = "<html>\n  <head>\n    <script type=\"module\" src=\"/js/app.js\"></script>\n  </head>\n</html>";

    fn files(list: &[(&str, &str)]) -> HashMap<String, String> {
        list.iter().map(|(path, text)| ((*path).to_owned(), (*text).to_owned())).collect()
    }

    #[test]
    fn every_static_import_is_named_once_breadth_first_and_dynamic_ones_are_not() {
        let client = files(&[
            ("js/app.js", "import { a } from './a.js';\nimport './side.js';\nconst page = () => import('./page.js');"),
            ("js/a.js", "import {\n  b,\n  c,\n} from './kinds/b.js';\nexport { d } from \"./a.js\";"),
            ("js/side.js", "export const side = 1; // import x from './not-a-statement.js'"),
            ("js/kinds/b.js", "import { a } from '../a.js';\nimport { h } from '../../lib/h.js';"),
            ("lib/h.js", ""),
            ("js/page.js", "import { a } from './a.js';"),
        ]);
        let html = with_module_preloads(PAGE, |path| client.get(path).cloned());
        let links: Vec<&str> = html.lines().filter(|line| line.contains("modulepreload")).map(str::trim).collect();
        assert_eq!(
            links,
            [
                "<link rel=\"modulepreload\" href=\"/js/a.js\">",
                "<link rel=\"modulepreload\" href=\"/js/side.js\">",
                "<link rel=\"modulepreload\" href=\"/js/kinds/b.js\">",
                "<link rel=\"modulepreload\" href=\"/lib/h.js\">",
            ]
        );
        assert!(html.contains("modulepreload\" href=\"/lib/h.js\">\n  </head>"), "before the head's end: {html}");
    }

    #[test]
    fn missing_files_and_specifiers_outside_the_client_are_left_out() {
        let client = files(&[("js/app.js", "import x from 'bare';\nimport y from '/abs.js';\nimport z from './gone.js';\nimport w from '../../out.js';")]);
        let html = with_module_preloads(PAGE, |path| client.get(path).cloned());
        assert_eq!(html, PAGE, "nothing to name");
        assert_eq!(with_module_preloads("<p>no head</p>", |_| None), "<p>no head</p>");
    }
}
