# syntax=docker/dockerfile:1
# The kartka server image. Build: docker build -t kartka .   Two nodes on PostgreSQL behind a proxy:
# KARTKA_CLUSTER_SECRET=$(openssl rand -hex 32) docker compose up --build   (docker-compose.yml)
# Configuration (env): KARTKA_LISTEN (set to 0.0.0.0:8080 here), DATABASE_URL (default: the SQLite
# file kartka.db in the working directory /var/lib/kartka), KARTKA_LOG, KARTKA_LOG_FORMAT (plain|json).

FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
# The cache mounts keep downloaded crates and compiled dependencies between builds; the binary is
# copied out of the target cache in the same step. SQLX_OFFLINE: no database during the build.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/usr/local/cargo/git \
    --mount=type=cache,target=/src/target \
    SQLX_OFFLINE=true cargo build --release --locked -p kartka-server --bin kartka \
    && cp target/release/kartka /usr/local/bin/kartka

FROM debian:bookworm-slim
# curl: docker-compose.yml's health check asks the node's /healthz with it.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --create-home --home-dir /var/lib/kartka \
        --shell /usr/sbin/nologin kartka
COPY --from=build /usr/local/bin/kartka /usr/local/bin/kartka
USER kartka
WORKDIR /var/lib/kartka
ENV KARTKA_LISTEN=0.0.0.0:8080
EXPOSE 8080
ENTRYPOINT ["kartka"]
CMD ["serve"]
