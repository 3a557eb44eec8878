# Vakants: one image for every role of the production layout (docs/deploy.md):
#   vakants serve --no-worker   the API nodes (any number)
#   vakants worker              the one worker (index pipeline, PDF text, thumbnails, mail, cron)
#   vakants migrate             once per release, before the new nodes start
# Multi-stage: the web app (Node) and the Rust binary are built in their own stages; the runtime is
# a slim Debian with CA certificates only. PDF text extraction is the pure-Rust pdf-extract crate
# run as `vakants extract-pdf` in a child process with CPU and memory limits, so the image needs no
# pdftotext or other native PDF tools; CV and invoice PDFs are rendered in process (typst).

FROM node:22-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npx vite build --logLevel warn

FROM rust:1-bookworm AS rust
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY api api
COPY bench bench
COPY domain domain
COPY fixtures fixtures
COPY indexer indexer
COPY migrations migrations
COPY search search
COPY worker worker
RUN cargo build --release --locked -p api --bin vakants

FROM debian:bookworm-slim AS runtime
# pg_dump and pg_restore of the server's major version for `vakants backup` and `vakants restore`:
# postgresql-client-17 (compose.yaml's Postgres) from PostgreSQL's own apt repository, added by
# Debian's postgresql-common with the key it ships (bookworm itself has 15)
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tzdata postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends postgresql-client-17 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /var/lib/vakants vakants \
 && mkdir -p /var/lib/vakants && chown vakants /var/lib/vakants
COPY --from=rust /src/target/release/vakants /usr/local/bin/vakants
COPY --from=web /src/web/dist /usr/share/vakants/web
USER vakants
WORKDIR /var/lib/vakants
ENV VAKANTS_MODE=prod \
    BIND=0.0.0.0:8080 \
    DATA_DIR=/var/lib/vakants \
    WEB_DIST=/usr/share/vakants/web \
    TRUST_PROXY=true
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/vakants"]
CMD ["serve", "--no-worker"]
