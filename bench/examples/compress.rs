//! What compressing one search answer costs, per coding and level, for `valgrind
//! --tool=callgrind` (instructions, repeatable on a busy machine) or plain timing:
//!
//! ```sh
//! curl -s -X POST -H 'content-type: application/json' -d '{}' http://127.0.0.1:8080/api/open/search > /tmp/answer.json
//! cargo build -p bench --release --example compress
//! valgrind --tool=callgrind target/release/examples/compress /tmp/answer.json br4 5
//! ```
//!
//! The second argument picks one coding (`br4`, `br3`, `br1`, `br0`, `gzip6`, `gzip1`; all when
//! absent), the third the repetitions. The settings are those of `api/src/search_cache.rs`.

use std::io::Write;
use std::time::Instant;

#[inline(never)]
fn brotli(body: &[u8], quality: u32) -> Vec<u8> {
    let mut writer = brotli::CompressorWriter::new(Vec::with_capacity(body.len() / 4), 4096, quality, 22);
    writer.write_all(body).expect("writing to memory");
    writer.into_inner()
}

#[inline(never)]
fn gzip(body: &[u8], level: u32) -> Vec<u8> {
    let mut writer = flate2::write::GzEncoder::new(Vec::with_capacity(body.len() / 4), flate2::Compression::new(level));
    writer.write_all(body).expect("writing to memory");
    writer.finish().expect("writing to memory")
}

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or_else(|| anyhow::anyhow!("usage: compress ANSWER.json [coding] [repetitions]"))?;
    let body = std::fs::read(path)?;
    let only = args.next().unwrap_or_default();
    let repetitions: usize = args.next().map_or(Ok(50), |n| n.parse())?;
    let codings: [(&str, &dyn Fn() -> Vec<u8>); 6] = [
        ("br4", &|| brotli(&body, 4)),
        ("br3", &|| brotli(&body, 3)),
        ("br1", &|| brotli(&body, 1)),
        ("br0", &|| brotli(&body, 0)),
        ("gzip6", &|| gzip(&body, 6)),
        ("gzip1", &|| gzip(&body, 1)),
    ];
    println!("{} bytes of answer, {repetitions} repetitions", body.len());
    for (name, compress) in codings {
        if !only.is_empty() && only != name {
            continue;
        }
        let started = Instant::now();
        let mut size = 0;
        for _ in 0..repetitions {
            size = compress().len();
        }
        println!("{name:>6}: {size:>7} bytes, {:.3} ms each", started.elapsed().as_secs_f64() * 1000.0 / repetitions as f64);
    }
    Ok(())
}
