"""A SAML service provider web site made with pysaml2, for the browser tests: "the library".

Debian's python3-pysaml2 (xmlsec1 for signatures), served by the standard library's wsgiref on
127.0.0.1. It is set up as the SAML tests' provider is (apps/server/src/test/pysaml2_sp.py, whose
configuration it imports): signed AuthnRequests and LogoutRequests, signed assertions and
responses wanted, the IdP known only from its metadata file.

  /               the member's page: NameID, attributes and AuthnContext; without a session,
                  an AuthnRequest by HTTP-Redirect to the IdP
  /saml/metadata  this provider's metadata
  /saml/acs       the assertion consumer service (HTTP-POST)
  /saml/logout    single logout: a signed LogoutRequest to the IdP
  /saml/slo       the IdP's LogoutResponse, or its LogoutRequest when another provider logs out

Usage: python3 pysaml2_web_sp.py CONFIG (JSON: the provider's config of pysaml2_sp.py, and "port").
Prints "ready" once it listens.
"""
import html
import json
import os
import secrets
import sys
from http.cookies import SimpleCookie
from urllib.parse import parse_qs
from wsgiref.simple_server import WSGIRequestHandler, make_server

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../apps/server/src/test"))
from pysaml2_sp import client, idp_of  # noqa: E402
from saml2 import BINDING_HTTP_POST, BINDING_HTTP_REDIRECT  # noqa: E402
from saml2.metadata import entity_descriptor  # noqa: E402

SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"
conf = json.loads(sys.argv[1])
sp = client(conf)
# Who is signed in, by the session cookie; the AuthnRequests not answered yet.
sessions = {}
outstanding = {}


def page(title, body, status="200 OK", headers=()):
    text = f'<!doctype html><html lang="en"><title>{html.escape(title)}</title>{body}</html>'.encode()
    return status, [("Content-Type", "text/html; charset=utf-8"), *headers], [text]


def redirect(location, headers=()):
    return "303 See Other", [("Location", location), *headers], [b""]


def signed_in(env):
    cookie = SimpleCookie(env.get("HTTP_COOKIE", ""))
    sid = cookie["library"].value if "library" in cookie else None
    return sid, sessions.get(sid)


def member_page(session):
    rows = "".join(
        f'<dt>{html.escape(name)}</dt><dd id="attr-{html.escape(name)}">{html.escape(", ".join(values))}</dd>'
        for name, values in sorted(session["attributes"].items())
    )
    return page(
        "Library",
        f'<h1>Library account</h1><dl><dt>NameID</dt><dd id="name-id">{html.escape(session["name_id"].text)}</dd>'
        f'<dt>AuthnContext</dt><dd id="authn-context">{html.escape(session["authn_context"] or "")}</dd>{rows}</dl>'
        '<a href="/saml/logout">Sign out of the library</a>',
    )


def app(env, start):
    path, method = env["PATH_INFO"], env["REQUEST_METHOD"]
    query = {k: v[0] for k, v in parse_qs(env.get("QUERY_STRING", "")).items()}
    try:
        status, headers, body = route(env, path, method, query)
    except Exception as e:  # pysaml2 refused a message: say why, as a provider's error page would
        status, headers, body = page("Refused", f"<h1>Refused</h1><p id=error>{html.escape(type(e).__name__)}: {html.escape(str(e)[:300])}</p>", "403 Forbidden")
    start(status, headers)
    return body


def route(env, path, method, query):
    sid, session = signed_in(env)
    if path == "/" and session:
        return member_page(session)
    if path == "/":
        req_id, info = sp.prepare_for_authenticate(entityid=idp_of(sp), relay_state="/", binding=BINDING_HTTP_REDIRECT)
        outstanding[req_id] = "/"
        return redirect(dict(info["headers"])["Location"])
    if path == "/saml/metadata":
        return "200 OK", [("Content-Type", "application/samlmetadata+xml")], [str(entity_descriptor(sp.config)).encode()]
    if path == "/saml/acs" and method == "POST":
        size = int(env.get("CONTENT_LENGTH") or 0)
        form = {k: v[0] for k, v in parse_qs(env["wsgi.input"].read(size).decode()).items()}
        r = sp.parse_authn_request_response(form["SAMLResponse"], BINDING_HTTP_POST, outstanding)
        outstanding.pop(r.in_response_to, None)
        authn = r.authn_info()
        sid = secrets.token_urlsafe(24)
        sessions[sid] = {
            "name_id": r.name_id,
            "attributes": r.ava,
            "authn_context": authn[0][0] if authn else None,
            "session_index": r.assertion.authn_statement[0].session_index,
        }
        cookie = f"library={sid}; Path=/; HttpOnly; SameSite=Lax"
        return redirect(form.get("RelayState") or "/", [("Set-Cookie", cookie)])
    if path == "/saml/logout" and session:
        idp = idp_of(sp)
        destination = sp.metadata.single_logout_service(idp, BINDING_HTTP_REDIRECT, "idpsso")[0]["location"]
        _, req = sp.create_logout_request(
            destination, idp, name_id=session["name_id"], session_indexes=[session["session_index"]]
        )
        info = sp.apply_binding(BINDING_HTTP_REDIRECT, str(req), destination, "signed-out", sign=True, sigalg=SHA256)
        return redirect(dict(info["headers"])["Location"])
    if path == "/saml/slo" and "SAMLResponse" in query:
        r = sp.parse_logout_request_response(query["SAMLResponse"], BINDING_HTTP_REDIRECT)
        outcome = r.response.status.status_code.value
        if not outcome.endswith(":Success"):
            return page("Library", f"<h1>Sign-out failed</h1><p>{html.escape(outcome)}</p>", "502 Bad Gateway")
        sessions.pop(sid, None)
        return page("Library", "<h1>Signed out of the library</h1>", headers=[("Set-Cookie", "library=; Path=/; Max-Age=0")])
    if path == "/saml/slo" and "SAMLRequest" in query and session:
        # Another provider's logout: the IdP asks this one to end its session too.
        info = sp.handle_logout_request(
            query["SAMLRequest"], session["name_id"], BINDING_HTTP_REDIRECT,
            sign=True, sign_alg=SHA256, relay_state=query.get("RelayState", ""),
        )
        sessions.pop(sid, None)
        return redirect(dict(info["headers"])["Location"], [("Set-Cookie", "library=; Path=/; Max-Age=0")])
    return page("Library", "<h1>Not found</h1>", "404 Not Found")


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


server = make_server("127.0.0.1", conf["port"], app, handler_class=QuietHandler)
print("ready", flush=True)
server.serve_forever()
