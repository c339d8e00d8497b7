//! The REST API described as OpenAPI 3.1, from the code: the routes are registered through aide's
//! `ApiRouter`, and each extractor and answer below says what it takes and gives, so a handler's signature is
//! its documentation. Served at `/api/openapi.json`; `/docs/api.html` renders it for people.
//!
//! Architecture invariant: every REST route is in the document. A route is registered only through
//! `ApiRouter::api_route`, and the authorization matrix test (`tests/tests/e2e/authorization.rs`) fails for any
//! documented operation it has no row for.

use std::sync::Arc;

use aide::generate::GenContext;
use aide::openapi::{
    Info, MediaType, OpenApi, Operation, Parameter, ParameterData, ParameterSchemaOrContent, PathItem, ReferenceOr,
    Response, SchemaObject, SecurityRequirement, SecurityScheme, StatusCode as DocStatus, Tag,
};
use aide::operation::{add_parameters, parameters_from_schema, ParamLocation};
use aide::transform::TransformOperation;
use aide::{OperationInput, OperationOutput};
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response as HttpResponse};
use axum::routing::get;
use axum::Router;
use indexmap::IndexMap;
use kartka_protocol::rest::ErrorBody;
use kartka_protocol::PROTOCOL_VERSION;
use schemars::JsonSchema;

use super::input::{JsonBody, Path, Query, RawBody};
use super::limits::ClientAddress;
use super::{ApiError, Authenticated};

/// The name of the bearer-token security scheme in the document.
const BEARER: &str = "bearer";

/// Stands for a path parameter whose name only the route knows (a single value such as a game id);
/// [`name_path_parameters`] replaces it with the name in the route's template.
const UNNAMED_PATH_PARAMETER: &str = "{unnamed}";

/// The document's fixed parts: what the API is, and how a request authenticates. The routes fill in the rest.
pub fn document() -> OpenApi {
    let mut api = OpenApi {
        info: Info {
            title: "kartka REST API".to_owned(),
            description: Some(
                "Accounts, challenges, seeks, games, correspondence and the admin API of a kartka server. Live \
                 play is over the WebSocket at /ws, described in docs/protocol.md with its JSON Schema."
                    .to_owned(),
            ),
            version: format!("protocol {PROTOCOL_VERSION}"),
            ..Info::default()
        },
        ..OpenApi::default()
    };
    let components = api.components.get_or_insert_with(Default::default);
    components.security_schemes.insert(
        BEARER.to_owned(),
        ReferenceOr::Item(SecurityScheme::Http {
            scheme: "bearer".to_owned(),
            bearer_format: Some("the token of POST /api/guest, /api/register or /api/login".to_owned()),
            description: None,
            extensions: IndexMap::default(),
        }),
    );
    api.tags = ["accounts", "challenges", "seeks", "games", "players", "analysis", "correspondence", "admin"]
        .into_iter()
        .map(|name| Tag { name: name.to_owned(), ..Tag::default() })
        .collect();
    api
}

/// Completes a document the routes were merged into: names the path parameters the extractors could not name.
pub fn finish(mut api: OpenApi) -> OpenApi {
    name_path_parameters(&mut api);
    api
}

/// The routes serving the document.
pub fn routes(api: OpenApi) -> Router {
    let api = Arc::new(api);
    Router::new().route("/api/openapi.json", get(serve)).with_state(api)
}

async fn serve(State(api): State<Arc<OpenApi>>) -> HttpResponse {
    let mut response = axum::Json(&*api).into_response();
    response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// Documents an operation: its tag and a one-line summary.
pub fn doc(tag: &'static str, summary: &'static str) -> impl FnOnce(TransformOperation<'_>) -> TransformOperation<'_> {
    move |operation| operation.tag(tag).summary(summary)
}

/// Documents an operation whose success answer is `201 Created` with a JSON body of type `T`.
pub fn created<T: JsonSchema>(
    tag: &'static str,
    summary: &'static str,
) -> impl FnOnce(TransformOperation<'_>) -> TransformOperation<'_> {
    move |operation| operation.tag(tag).summary(summary).response::<201, axum::Json<T>>()
}

/// Documents an operation whose success answer is a file of `content_type` rather than JSON.
pub fn file(
    tag: &'static str,
    summary: &'static str,
    content_type: &'static str,
) -> impl FnOnce(TransformOperation<'_>) -> TransformOperation<'_> {
    move |mut operation| {
        let responses = operation.inner_mut().responses.get_or_insert_with(Default::default);
        let content = IndexMap::from_iter([(content_type.to_owned(), MediaType::default())]);
        let answer = Response { description: format!("a {content_type} file"), content, ..Response::default() };
        responses.responses.insert(DocStatus::Code(200), ReferenceOr::Item(answer));
        operation.tag(tag).summary(summary)
    }
}

/// Documents an operation that answers `204 No Content` on success.
pub fn no_content(
    tag: &'static str,
    summary: &'static str,
) -> impl FnOnce(TransformOperation<'_>) -> TransformOperation<'_> {
    move |operation| operation.tag(tag).summary(summary).response::<204, ()>()
}

/// Marks an operation as needing a bearer token.
pub(super) fn require_token(operation: &mut Operation) {
    let requirement: SecurityRequirement = IndexMap::from_iter([(BEARER.to_owned(), Vec::new())]);
    if !operation.security.contains(&requirement) {
        operation.security.push(requirement);
    }
}

fn error_answer(ctx: &mut GenContext, operation: &mut Operation) -> Option<Response> {
    let mut answer = <axum::Json<ErrorBody> as OperationOutput>::operation_response(ctx, operation)?;
    answer.description = "refused: a stable error code and a message (docs/protocol.md lists the codes)".to_owned();
    Some(answer)
}

impl OperationOutput for ApiError {
    type Inner = ErrorBody;

    fn operation_response(ctx: &mut GenContext, operation: &mut Operation) -> Option<Response> {
        error_answer(ctx, operation)
    }

    fn inferred_responses(ctx: &mut GenContext, operation: &mut Operation) -> Vec<(Option<u16>, Response)> {
        error_answer(ctx, operation).map(|answer| vec![(None, answer)]).unwrap_or_default()
    }
}

impl OperationInput for Authenticated {
    fn operation_input(_ctx: &mut GenContext, operation: &mut Operation) {
        require_token(operation);
    }
}

impl OperationInput for ClientAddress {}

impl<T: JsonSchema> OperationInput for JsonBody<T> {
    fn operation_input(ctx: &mut GenContext, operation: &mut Operation) {
        <axum::Json<T> as OperationInput>::operation_input(ctx, operation);
    }
}

impl OperationInput for RawBody {
    fn operation_input(ctx: &mut GenContext, operation: &mut Operation) {
        <axum::body::Bytes as OperationInput>::operation_input(ctx, operation);
    }
}

impl<T: JsonSchema> OperationInput for Query<T> {
    fn operation_input(ctx: &mut GenContext, operation: &mut Operation) {
        let schema = ctx.schema.subschema_for::<T>();
        let parameters = parameters_from_schema(ctx, schema, ParamLocation::Query);
        add_parameters(ctx, operation, parameters);
    }
}

impl<T: JsonSchema> OperationInput for Path<T> {
    fn operation_input(ctx: &mut GenContext, operation: &mut Operation) {
        let schema = ctx.schema.subschema_for::<T>();
        let parameters = parameters_from_schema(ctx, schema.clone(), ParamLocation::Path);
        if !parameters.is_empty() {
            add_parameters(ctx, operation, parameters);
            return;
        }
        // A single value (`Path<Uuid>`): the route's template holds its name.
        let parameter = Parameter::Path {
            parameter_data: ParameterData {
                name: UNNAMED_PATH_PARAMETER.to_owned(),
                description: None,
                required: true,
                format: ParameterSchemaOrContent::Schema(SchemaObject {
                    json_schema: schema,
                    example: None,
                    external_docs: None,
                }),
                extensions: IndexMap::default(),
                deprecated: None,
                example: None,
                examples: IndexMap::default(),
                explode: None,
            },
            style: Default::default(),
        };
        add_parameters(ctx, operation, vec![parameter]);
    }
}

/// Gives each unnamed path parameter the name of its route's one template parameter (`/api/games/{id}`).
fn name_path_parameters(api: &mut OpenApi) {
    let Some(paths) = api.paths.as_mut() else { return };
    for (route, item) in paths.paths.iter_mut() {
        let ReferenceOr::Item(item) = item else { continue };
        let names: Vec<&str> =
            route.split('/').filter_map(|segment| segment.strip_prefix('{')?.strip_suffix('}')).collect();
        let [name] = names[..] else { continue };
        for operation in operations_mut(item) {
            for parameter in &mut operation.parameters {
                if let ReferenceOr::Item(Parameter::Path { parameter_data, .. }) = parameter {
                    if parameter_data.name == UNNAMED_PATH_PARAMETER {
                        parameter_data.name = name.to_owned();
                    }
                }
            }
        }
    }
}

fn operations_mut(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch].into_iter().flatten()
}

/// Every operation of the document as (method, route), for tests and the docs page.
pub fn operations(api: &OpenApi) -> Vec<(&'static str, String)> {
    let mut found = Vec::new();
    for (route, item) in api.paths.iter().flat_map(|paths| paths.paths.iter()) {
        let ReferenceOr::Item(item) = item else { continue };
        let methods = [
            ("GET", item.get.is_some()),
            ("PUT", item.put.is_some()),
            ("POST", item.post.is_some()),
            ("DELETE", item.delete.is_some()),
            ("PATCH", item.patch.is_some()),
        ];
        found.extend(methods.into_iter().filter(|(_, present)| *present).map(|(method, _)| (method, route.clone())));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn described() -> OpenApi {
        crate::api::rest(crate::config::Limits::default().import_max_bytes).document
    }

    fn operation<'a>(api: &'a OpenApi, method: &str, route: &str) -> &'a Operation {
        let Some(ReferenceOr::Item(item)) = api.paths.as_ref().and_then(|paths| paths.paths.get(route)) else {
            panic!("{route} is not in the document");
        };
        let found = match method {
            "GET" => &item.get,
            "POST" => &item.post,
            "PUT" => &item.put,
            "DELETE" => &item.delete,
            _ => &None,
        };
        found.as_ref().unwrap_or_else(|| panic!("{method} {route} is not in the document"))
    }

    #[test]
    fn every_path_parameter_of_every_route_is_named_as_its_template_says() {
        let api = described();
        for (method, route) in operations(&api) {
            let named: Vec<String> =
                route.split('/').filter_map(|s| Some(s.strip_prefix('{')?.strip_suffix('}')?.to_owned())).collect();
            let documented: Vec<String> = operation(&api, method, &route)
                .parameters
                .iter()
                .filter_map(|parameter| match parameter {
                    ReferenceOr::Item(Parameter::Path { parameter_data, .. }) => Some(parameter_data.name.clone()),
                    _ => None,
                })
                .collect();
            assert_eq!(documented, named, "{method} {route}");
        }
    }

    #[test]
    fn a_token_is_required_exactly_where_an_extractor_asks_for_one() {
        let api = described();
        let bearer = |method: &str, route: &str| !operation(&api, method, route).security.is_empty();
        assert!(bearer("GET", "/api/me"));
        assert!(bearer("POST", "/api/games/{id}/moves"));
        assert!(bearer("GET", "/api/admin/audit"));
        assert!(bearer("POST", "/api/admin/import"), "the import is documented with the other admin routes");
        assert!(!bearer("GET", "/healthz"));
        assert!(!bearer("POST", "/api/guest"));
        assert!(!bearer("GET", "/api/games/{id}"));
    }

    #[test]
    fn bodies_queries_and_answers_carry_their_schemas() {
        let api = described();
        let register = operation(&api, "POST", "/api/register");
        assert!(register.request_body.is_some(), "the credentials body is described");
        let answers = register.responses.as_ref().expect("answers");
        assert!(answers.responses.contains_key(&DocStatus::Code(201)), "registering answers 201");
        assert!(answers.default.is_some(), "and errors as the typed error body");
        let games = operation(&api, "GET", "/api/players/{name}/games");
        let queries: Vec<&str> = games
            .parameters
            .iter()
            .filter_map(|parameter| match parameter {
                ReferenceOr::Item(Parameter::Query { parameter_data, .. }) => Some(parameter_data.name.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(queries, ["before", "kind", "limit", "opponent", "result", "speed"]);
        let schemas = &api.components.as_ref().expect("components").schemas;
        assert!(schemas.contains_key("GameSnapshot"), "answers' types are shared components");
    }
}
