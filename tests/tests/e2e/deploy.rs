//! The deployment example (`docker-compose.yml` and `deploy/haproxy.cfg`) checked without Docker: the compose
//! file runs two server nodes on one database behind one proxy on port 8080, the nodes' cluster port is never
//! published, the cluster secret has no default, and the health checks ask a path the server answers.

use std::path::{Path, PathBuf};

use kartka_protocol::rest::Health;
use kartka_server::config::Settings;
use kartka_tests::server::TestServer;
use yaml_rust2::{Yaml, YamlLoader};

/// The repository's root, where `docker-compose.yml` lives.
fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ has a parent").to_owned()
}

fn compose() -> Yaml {
    let text = std::fs::read_to_string(repository().join("docker-compose.yml")).expect("read docker-compose.yml");
    YamlLoader::load_from_str(&text).expect("docker-compose.yml is YAML").remove(0)
}

/// `services` as (name, definition) pairs.
fn services(compose: &Yaml) -> Vec<(String, Yaml)> {
    let services = compose["services"].as_hash().expect("a services map");
    services
        .iter()
        .map(|(name, service)| (name.as_str().expect("a service name").to_owned(), service.clone()))
        .collect()
}

/// A service's environment variable as written (before interpolation).
fn env<'a>(service: &'a Yaml, name: &str) -> Option<&'a str> {
    service["environment"][name].as_str()
}

/// The host ports a service publishes (`"HOST:CONTAINER"` entries).
fn published(service: &Yaml) -> Vec<String> {
    service["ports"].as_vec().map_or_else(Vec::new, |ports| {
        ports
            .iter()
            .map(|port| {
                let entry = port.as_str().expect("ports as HOST:CONTAINER strings");
                entry.rsplit(':').nth(1).expect("a host port is given").to_owned()
            })
            .collect()
    })
}

/// The services that run `kartka serve`: those with a database URL.
fn nodes(compose: &Yaml) -> Vec<(String, Yaml)> {
    services(compose).into_iter().filter(|(_, service)| env(service, "DATABASE_URL").is_some()).collect()
}

fn haproxy_config() -> String {
    std::fs::read_to_string(repository().join("deploy/haproxy.cfg")).expect("read deploy/haproxy.cfg")
}

#[test]
fn two_nodes_share_one_postgres_database() {
    let compose = compose();
    let nodes = nodes(&compose);
    assert_eq!(nodes.len(), 2, "two server nodes: {:?}", nodes.iter().map(|(name, _)| name).collect::<Vec<_>>());
    let urls: Vec<&str> = nodes.iter().map(|(_, node)| env(node, "DATABASE_URL").expect("a database URL")).collect();
    assert_eq!(urls[0], urls[1], "both nodes use one database");
    let host = url::Url::parse(urls[0]).expect("a database URL").host_str().expect("a database host").to_owned();
    let database = &compose["services"][host.as_str()];
    assert!(database["image"].as_str().is_some_and(|image| image.starts_with("postgres:")), "{host} is PostgreSQL");
    let images: Vec<&str> = nodes.iter().map(|(_, node)| node["image"].as_str().expect("an image name")).collect();
    assert_eq!(images[0], images[1], "both nodes run the same image");
    for (name, node) in &nodes {
        assert_eq!(
            node["depends_on"][host.as_str()]["condition"].as_str(),
            Some("service_healthy"),
            "{name} waits for the database"
        );
    }
}

#[test]
fn only_the_proxy_is_published_and_the_cluster_port_never() {
    let compose = compose();
    let nodes = nodes(&compose);
    for (name, node) in &nodes {
        assert!(published(node).is_empty(), "{name} is reached through the proxy only");
        let listen = env(node, "KARTKA_CLUSTER_LISTEN").expect("a cluster listener");
        let port = listen.rsplit(':').next().expect("an address with a port");
        let url = url::Url::parse(env(node, "KARTKA_CLUSTER_URL").expect("a cluster URL")).expect("a URL");
        assert_eq!(url.host_str(), Some(name.as_str()), "{name}'s cluster URL names its own service");
        assert_eq!(url.port().map(|port| port.to_string()).as_deref(), Some(port), "{name}'s URL is its listener");
        for (other, service) in services(&compose) {
            assert!(!published(&service).contains(&port.to_owned()), "{other} publishes the cluster port {port}");
        }
    }
    let proxies: Vec<(String, Yaml)> =
        services(&compose).into_iter().filter(|(_, service)| !published(service).is_empty()).collect();
    assert_eq!(proxies.len(), 1, "one service is published");
    let (proxy, service) = &proxies[0];
    assert_eq!(published(service), ["8080"], "{proxy} serves port 8080");
    let config = service["volumes"].as_vec().expect("the proxy mounts its configuration");
    assert!(
        config.iter().any(|volume| volume.as_str().is_some_and(|volume| volume.starts_with("./deploy/haproxy.cfg:"))),
        "{proxy} runs deploy/haproxy.cfg"
    );
    for (name, _) in &nodes {
        assert_eq!(
            service["depends_on"][name.as_str()]["condition"].as_str(),
            Some("service_healthy"),
            "{proxy} starts once {name} is healthy"
        );
    }
}

#[test]
fn the_cluster_secret_is_required_and_shared() {
    let compose = compose();
    let secrets: Vec<String> = nodes(&compose)
        .iter()
        .map(|(_, node)| env(node, "KARTKA_CLUSTER_SECRET").expect("a cluster secret").to_owned())
        .collect();
    assert_eq!(secrets[0], secrets[1], "every node has the same secret");
    assert!(
        secrets[0].starts_with("${KARTKA_CLUSTER_SECRET:?") && secrets[0].ends_with('}'),
        "the secret comes from one required variable, with no default: {}",
        secrets[0]
    );
}

#[test]
fn the_proxy_balances_both_nodes_and_passes_the_client_address() {
    let compose = compose();
    let config = haproxy_config();
    let lines: Vec<&str> = config.lines().map(str::trim).filter(|line| !line.starts_with('#')).collect();
    assert!(lines.contains(&"bind :8080"), "the proxy listens on 8080");
    for (name, node) in nodes(&compose) {
        let listen = env(&node, "KARTKA_LISTEN").expect("a listen address");
        let port = listen.rsplit(':').next().expect("a port");
        let server = format!("server {name} {name}:{port}");
        assert!(lines.contains(&server.as_str()), "the proxy forwards to {name}: `{server}`");
        assert_eq!(env(&node, "KARTKA_TRUST_FORWARDED_FOR"), Some("true"), "{name} reads the proxy's header");
    }
    assert!(lines.contains(&"option forwardfor"), "the proxy adds the client's address to X-Forwarded-For");
    assert!(lines.iter().any(|line| line.starts_with("timeout tunnel ")), "upgraded sockets have a tunnel timeout");
}

/// The paths the health checks ask (the nodes' in the compose file, the proxy's in its configuration) are the
/// server's health endpoint: 200 with its `Health` body (any other path would be the browser client's page).
#[tokio::test]
async fn the_health_checks_ask_a_path_the_server_answers() {
    let compose = compose();
    let mut paths = Vec::new();
    for (name, node) in nodes(&compose) {
        let test = node["healthcheck"]["test"].as_vec().expect("a health check");
        let url = test.iter().filter_map(Yaml::as_str).find(|word| word.starts_with("http://"));
        let url = url::Url::parse(url.expect("the check asks a URL")).expect("a URL");
        assert_eq!(url.port(), Some(8080), "{name}'s check asks its own listener");
        paths.push(url.path().to_owned());
    }
    let config = haproxy_config();
    let check = config.lines().map(str::trim).find_map(|line| line.strip_prefix("option httpchk GET "));
    paths.push(check.expect("the proxy checks the nodes over HTTP").to_owned());

    let server = TestServer::start("sqlite::memory:", Settings::default()).await;
    let client = reqwest::Client::new();
    for path in paths {
        let response = client.get(format!("{}{path}", server.url())).send().await.expect("a response");
        assert_eq!(response.status(), reqwest::StatusCode::OK, "{path}");
        let health: Health = response.json().await.expect("a health report");
        assert_eq!(health.status, "ok", "{path}");
    }
    server.stop().await;
}
