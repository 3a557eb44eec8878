//! The results: the machine, every measurement, the targets and whether they are met, written
//! as JSON, a Markdown table and an SVG plot (drawn by hand).

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::{Engine, Kind, Measurement};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Machine {
    pub host: String,
    pub cpu_model: String,
    pub cores: usize,
    pub ram_gib: f64,
    pub os: String,
    pub kernel: String,
    pub rustc: String,
    pub date: String,
    /// The 1-minute load average when the run started.
    #[serde(default)]
    pub load_avg: f64,
    /// The workspace commit, `+dirty` when search/ or bench/ had uncommitted changes.
    #[serde(default)]
    pub git: String,
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

fn git_state() -> String {
    let dir = env!("CARGO_MANIFEST_DIR");
    let run = |args: &[&str]| {
        std::process::Command::new("git")
            .current_dir(dir)
            .args(args)
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default()
    };
    let head = run(&["rev-parse", "--short", "HEAD"]);
    let dirty = !run(&["status", "--porcelain", "--", "../search", "."]).is_empty();
    format!("{head}{}", if dirty { "+dirty" } else { "" })
}

impl Machine {
    pub fn describe() -> Machine {
        let cpuinfo = read("/proc/cpuinfo");
        let cpu_model = cpuinfo
            .lines()
            .find(|l| l.starts_with("model name"))
            .and_then(|l| l.split_once(':'))
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_else(|| "unknown".into());
        let ram_kb: f64 = read("/proc/meminfo")
            .lines()
            .find(|l| l.starts_with("MemTotal:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0);
        let os = read("/etc/os-release")
            .lines()
            .find(|l| l.starts_with("PRETTY_NAME="))
            .map(|l| l.trim_start_matches("PRETTY_NAME=").trim_matches('"').to_string())
            .unwrap_or_else(|| std::env::consts::OS.to_string());
        let rustc = std::process::Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
            .arg("-V")
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| "unknown".into());
        Machine {
            host: read("/proc/sys/kernel/hostname").trim().to_string(),
            cpu_model,
            cores: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            ram_gib: (ram_kb / 1024.0 / 1024.0 * 10.0).round() / 10.0,
            os,
            kernel: read("/proc/sys/kernel/osrelease").trim().to_string(),
            rustc,
            date: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            load_avg: crate::load_avg(),
            git: git_state(),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Target {
    pub name: String,
    /// `met`, `not met` or `not measured`.
    pub status: String,
    pub detail: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    pub machine: Machine,
    pub command: String,
    pub queries_per_measurement: usize,
    pub freshness_probes: usize,
    pub seed: u64,
    pub measurements: Vec<Measurement>,
    /// Engines or sizes not run, with the reason.
    pub skipped: Vec<String>,
    pub targets: Vec<Target>,
}

fn find(ms: &[Measurement], engine: Engine, kind: Kind, size: usize) -> Option<&Measurement> {
    ms.iter().find(|m| m.engine == engine && m.kind == kind && m.size == size)
}

fn status(ok: bool) -> String {
    if ok { "met".into() } else { "not met".into() }
}

/// The targets of the search-core issue, judged from the measurements (2 cores).
pub fn targets(ms: &[Measurement]) -> Vec<Target> {
    let mut targets = Vec::new();
    let tantivy_vacancies: Vec<&Measurement> =
        ms.iter().filter(|m| m.engine == Engine::Tantivy && m.kind == Kind::Vacancies).collect();

    let name = "full rebuild >= 20 000 vacancies/s".to_string();
    if tantivy_vacancies.is_empty() {
        targets.push(Target { name, status: "not measured".into(), detail: String::new() });
    } else {
        let detail: Vec<String> = tantivy_vacancies
            .iter()
            .map(|m| format!("{}: {:.0}/s", size_label(m.size), m.indexing.docs_per_s))
            .collect();
        let ok = tantivy_vacancies.iter().all(|m| m.indexing.docs_per_s >= 20_000.0);
        targets.push(Target { name, status: status(ok), detail: detail.join(", ") });
    }

    for (size, limit) in [(100_000, 10.0), (1_000_000, 50.0)] {
        let name = format!("faceted query p99 <= {limit} ms at {}", size_label(size));
        match find(ms, Engine::Tantivy, Kind::Vacancies, size).and_then(|m| m.class("all")) {
            Some(all) => targets.push(Target {
                name,
                status: status(all.latency.p99_ms <= limit),
                detail: format!("p99 {:.2} ms", all.latency.p99_ms),
            }),
            None => targets.push(Target { name, status: "not measured".into(), detail: String::new() }),
        }
    }

    let name = "freshness p95 < 1 s".to_string();
    let fresh: Vec<(usize, f64)> =
        tantivy_vacancies.iter().filter_map(|m| m.freshness.as_ref().map(|f| (m.size, f.p95_ms))).collect();
    if fresh.is_empty() {
        targets.push(Target { name, status: "not measured".into(), detail: String::new() });
    } else {
        let ok = fresh.iter().all(|(_, p95)| *p95 < 1000.0);
        let detail: Vec<String> = fresh.iter().map(|(s, p)| format!("{}: {p:.1} ms", size_label(*s))).collect();
        targets.push(Target {
            name,
            status: status(ok),
            detail: format!("{} (engine commit to searchable; the worker adds up to ~200 ms of batching)", detail.join(", ")),
        });
    }

    let name = "tantivy >= 10x faster than Postgres FTS on the faceted mix (p50 and p99)".to_string();
    let mut detail = Vec::new();
    let mut ok = true;
    let mut any = false;
    for t in &tantivy_vacancies {
        if let (Some(p), Some(ta)) = (find(ms, Engine::Postgres, Kind::Vacancies, t.size).and_then(|m| m.class("all")), t.class("all")) {
            any = true;
            let r50 = p.latency.p50_ms / ta.latency.p50_ms.max(1e-6);
            let r99 = p.latency.p99_ms / ta.latency.p99_ms.max(1e-6);
            ok &= r50 >= 10.0 && r99 >= 10.0;
            detail.push(format!("{}: p50 {r50:.1}x, p99 {r99:.1}x", size_label(t.size)));
        }
    }
    targets.push(Target {
        name,
        status: if any { status(ok) } else { "not measured".into() },
        detail: detail.join(", "),
    });
    targets
}

pub fn size_label(size: usize) -> String {
    if size >= 1_000_000 && size.is_multiple_of(1_000_000) {
        format!("{}M", size / 1_000_000)
    } else if size >= 1000 && size.is_multiple_of(1000) {
        format!("{}k", size / 1000)
    } else {
        size.to_string()
    }
}

fn kind_label(kind: Kind) -> &'static str {
    match kind {
        Kind::Vacancies => "vacancies",
        Kind::Cvs => "CVs",
    }
}

fn opt(value: Option<f64>, digits: usize) -> String {
    value.map(|v| format!("{v:.digits$}")).unwrap_or_else(|| "–".into())
}

pub fn markdown(report: &Report, json_name: &str, svg_name: &str) -> String {
    let m = &report.machine;
    let mut out = String::new();
    let _ = writeln!(out, "# Search benchmark results\n");
    let _ = writeln!(
        out,
        "Latest run: {} on `{}` — {} cores ({}), {} GiB RAM, {} (kernel {}), {}; 1-minute load average {:.1} at the start.\n",
        m.date, m.host, m.cores, m.cpu_model, m.ram_gib, m.os, m.kernel, m.rustc, m.load_avg
    );
    let _ = writeln!(out, "Workspace at commit `{}`.\n", m.git);
    let _ = writeln!(out, "Command: `{}`  ", report.command);
    let _ = writeln!(
        out,
        "Raw data: [`{json_name}`]({json_name}); plot: [`{svg_name}`]({svg_name}). {} timed queries per measurement \
         (after one warm-up pass over the 100 distinct queries of the mix), {} freshness probes, seed {}.\n",
        report.queries_per_measurement, report.freshness_probes, report.seed
    );
    let _ = writeln!(out, "![query latency]({svg_name})\n");
    let _ = writeln!(out, "## Targets (2 cores)\n");
    let _ = writeln!(out, "| target | status | measured |\n|---|---|---|");
    for t in &report.targets {
        let _ = writeln!(out, "| {} | **{}** | {} |", t.name, t.status, t.detail);
    }
    let _ = writeln!(out, "\n## Measurements\n");
    let _ = writeln!(
        out,
        "Latencies in ms over the whole faceted mix (`all`: every query returns a page of 20, the total, \
         disjunctive facet counts of every group and salary stats). Rebuild = full index build from the \
         in-memory corpus. RSS = peak of the measuring process (corpus included; `−corpus` subtracts the \
         RSS right after generating it); PG backend = peak RSS of the Postgres backend process doing the work; load = 1-minute load average at the start and end of the measurement (Postgres runs on the same cores; anything above ~2 means other work competed for the 2 cores).\n"
    );
    let _ = writeln!(
        out,
        "| engine | corpus | rebuild docs/s | rebuild MB/s | index MB | p50 | p95 | p99 | fresh p50 | fresh p95 | RSS MB | RSS −corpus MB | PG backend MB | load |"
    );
    let _ = writeln!(out, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for x in &report.measurements {
        let all = x.class("all");
        let _ = writeln!(
            out,
            "| {} | {} {} | {:.0} | {:.1} | {} | {} | {} | {} | {} | {} | {:.0} | {:.0} | {} | {} |",
            x.engine.name(),
            size_label(x.size),
            kind_label(x.kind),
            x.indexing.docs_per_s,
            x.indexing.mb_per_s,
            opt(x.indexing.index_mb, 0),
            opt(all.map(|a| a.latency.p50_ms), 2),
            opt(all.map(|a| a.latency.p95_ms), 2),
            opt(all.map(|a| a.latency.p99_ms), 2),
            opt(x.freshness.as_ref().map(|f| f.p50_ms), 1),
            opt(x.freshness.as_ref().map(|f| f.p95_ms), 1),
            x.memory.peak_rss_mb,
            (x.memory.peak_rss_mb - x.memory.corpus_rss_mb).max(0.0),
            opt(x.memory.server_peak_rss_mb, 0),
            x.load_avg.map(|(a, b)| format!("{a:.1}→{b:.1}")).unwrap_or_else(|| "–".into()),
        );
    }
    let _ = writeln!(out, "\n### Per query class (p50 / p95 / p99 ms, mean matches)\n");
    let _ = writeln!(out, "| engine | corpus | class | queries | p50 | p95 | p99 | mean total |\n|---|---|---|---:|---:|---:|---:|---:|");
    for x in &report.measurements {
        for c in x.queries.iter().filter(|c| c.class != "all") {
            let _ = writeln!(
                out,
                "| {} | {} {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.0} |",
                x.engine.name(),
                size_label(x.size),
                kind_label(x.kind),
                c.class,
                c.latency.samples,
                c.latency.p50_ms,
                c.latency.p95_ms,
                c.latency.p99_ms,
                c.mean_total
            );
        }
    }
    if !report.skipped.is_empty() {
        let _ = writeln!(out, "\n## Skipped\n");
        for s in &report.skipped {
            let _ = writeln!(out, "- {s}");
        }
    }
    let mut notes: Vec<&String> = report.measurements.iter().flat_map(|m| &m.notes).collect();
    notes.sort();
    notes.dedup();
    if !notes.is_empty() {
        let _ = writeln!(out, "\n## Notes\n");
        for n in notes {
            let _ = writeln!(out, "- {n}");
        }
    }
    out
}

fn engine_color(engine: Engine) -> &'static str {
    match engine {
        Engine::Tantivy => "#d9480f",
        Engine::Postgres => "#1864ab",
        Engine::Meilisearch => "#5f3dc4",
    }
}

/// Query latency per engine and corpus: nested bars (p99 light, p95 medium, p50 dark) on a
/// logarithmic axis, with the 10 ms and 50 ms targets as dashed lines.
pub fn svg(report: &Report) -> String {
    let ms = &report.measurements;
    let mut groups: Vec<(Kind, usize)> = Vec::new();
    for m in ms {
        if !groups.contains(&(m.kind, m.size)) {
            groups.push((m.kind, m.size));
        }
    }
    let mut engines: Vec<Engine> = Vec::new();
    for m in ms {
        if !engines.contains(&m.engine) {
            engines.push(m.engine);
        }
    }
    let values: Vec<f64> = ms.iter().filter_map(|m| m.class("all")).map(|a| a.latency.p99_ms).collect();
    let max = values.iter().cloned().fold(60.0_f64, f64::max);
    let min = values
        .iter()
        .cloned()
        .chain(ms.iter().filter_map(|m| m.class("all")).map(|a| a.latency.p50_ms))
        .fold(1.0_f64, f64::min);
    let mut lo = 10f64.powf(min.max(1e-3).log10().floor());
    if min / lo < 3.0 {
        lo /= 10.0;
    }
    let hi = 10f64.powf(max.log10().ceil());
    let (width, height) = ((160.0 + 170.0 * groups.len().max(1) as f64).max(760.0), 480.0);
    let (left, right, top, bottom) = (80.0, 30.0, 50.0, 110.0);
    let plot_h = height - top - bottom;
    let y = |v: f64| top + plot_h * (1.0 - (v.max(lo).log10() - lo.log10()) / (hi.log10() - lo.log10()));
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15" font-weight="bold">Faceted search latency (p50 / p95 / p99), {} cores, {}</text>"#,
        width / 2.0,
        report.machine.cores,
        report.machine.date.get(..10).unwrap_or("")
    );
    // axis and grid
    let mut tick = lo;
    while tick <= hi * 1.0001 {
        let ty = y(tick);
        let _ = writeln!(s, r##"<line x1="{left}" x2="{}" y1="{ty:.1}" y2="{ty:.1}" stroke="#ddd"/>"##, width - right);
        let label = if tick >= 1.0 { format!("{tick:.0}") } else { format!("{tick}") };
        let _ = writeln!(s, r#"<text x="{}" y="{:.1}" text-anchor="end">{label}</text>"#, left - 6.0, ty + 4.0);
        tick *= 10.0;
    }
    let _ = writeln!(
        s,
        r#"<text transform="translate(22 {}) rotate(-90)" text-anchor="middle">latency per search, ms (log scale)</text>"#,
        top + plot_h / 2.0
    );
    let _ = writeln!(s, r#"<line x1="{left}" x2="{left}" y1="{top}" y2="{}" stroke="black"/>"#, top + plot_h);
    let _ = writeln!(s, r#"<line x1="{left}" x2="{}" y1="{}" y2="{}" stroke="black"/>"#, width - right, top + plot_h, top + plot_h);
    let group_w = (width - left - right) / groups.len().max(1) as f64;
    let bar_w = (group_w - 40.0) / engines.len().max(1) as f64;
    for (g, (kind, size)) in groups.iter().enumerate() {
        let gx = left + g as f64 * group_w + 20.0;
        for (e, engine) in engines.iter().enumerate() {
            let Some(all) = find(ms, *engine, *kind, *size).and_then(|m| m.class("all")) else { continue };
            let x = gx + e as f64 * bar_w;
            let color = engine_color(*engine);
            for (value, opacity) in [(all.latency.p99_ms, 0.3), (all.latency.p95_ms, 0.55), (all.latency.p50_ms, 1.0)] {
                let ty = y(value);
                let _ = writeln!(
                    s,
                    r#"<rect x="{x:.1}" y="{ty:.1}" width="{:.1}" height="{:.1}" fill="{color}" fill-opacity="{opacity}"><title>{} {} {}: {value:.2} ms</title></rect>"#,
                    bar_w - 6.0,
                    (top + plot_h - ty).max(0.5),
                    engine.name(),
                    size_label(*size),
                    kind_label(*kind)
                );
            }
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10">{:.1}</text>"#,
                x + (bar_w - 6.0) / 2.0,
                y(all.latency.p99_ms) - 4.0,
                all.latency.p99_ms
            );
        }
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{} {}</text>"#,
            gx + (group_w - 40.0) / 2.0,
            top + plot_h + 18.0,
            size_label(*size),
            kind_label(*kind)
        );
    }
    for (target, label) in [(10.0, "10 ms target (100k)"), (50.0, "50 ms target (1M)")] {
        if target >= lo && target <= hi {
            let ty = y(target);
            let _ = writeln!(
                s,
                r##"<line x1="{left}" x2="{}" y1="{ty:.1}" y2="{ty:.1}" stroke="#2b8a3e" stroke-dasharray="6 4"/><text x="{}" y="{:.1}" text-anchor="start" fill="#2b8a3e" stroke="white" stroke-width="3" paint-order="stroke">{label}</text>"##,
                width - right,
                left + 4.0,
                ty - 4.0
            );
        }
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">corpus (number of documents indexed)</text>"#,
        left + (width - left - right) / 2.0,
        top + plot_h + 40.0
    );
    // legend
    let mut lx = left;
    let ly = height - 40.0;
    for engine in &engines {
        let _ = writeln!(
            s,
            r#"<rect x="{lx}" y="{}" width="14" height="14" fill="{}"/><text x="{}" y="{}">{}</text>"#,
            ly - 11.0,
            engine_color(*engine),
            lx + 18.0,
            ly,
            engine.name()
        );
        lx += 110.0;
    }
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="{}">dark = p50, medium = p95, light = p99; number above a bar = p99 ms; no bar = not measured</text>"#,
        ly + 20.0
    );
    let _ = writeln!(s, "</svg>");
    s
}
