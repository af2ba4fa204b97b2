"""A SAML service provider made with pysaml2 (Debian's python3-pysaml2), for the SAML tests.

It knows the identity provider only from its metadata and checks signatures with xmlsec1, as any
pysaml2 deployment does. One command per call, its configuration as JSON in the first argument:

  authn CONFIG [binding] [mfa]   -> {"url": ..., "id": ...} or {"form": {...}, "action": ..., "id": ...}
  acs CONFIG ID RESPONSE          -> {"name_id", "attributes", "authn_context", "session_index", "issuer"}
  logout CONFIG NAME_ID INDEX     -> {"url": ...}: a LogoutRequest by HTTP-Redirect
  logout_response CONFIG RESPONSE -> {"status": ...}
  logout_request CONFIG REQUEST NAME_ID RELAY -> {"url": ...}: the IdP's LogoutRequest, answered
  metadata CONFIG                 -> {"xml": ...}: the provider's own metadata (idp_metadata may be absent)

CONFIG: {"entityid", "acs", "slo", "key", "cert", "idp_metadata", "sign_requests"}
Errors print {"error": type, "message": ...} and exit 1.
"""
import json
import os
import sys

from saml2 import BINDING_HTTP_POST, BINDING_HTTP_REDIRECT
from saml2.client import Saml2Client
from saml2.config import SPConfig
from saml2.saml import NAMEID_FORMAT_PERSISTENT, NameID
from saml2.samlp import RequestedAuthnContext
from saml2.saml import AuthnContextClassRef

MFA = "https://refeds.org/profile/mfa"


def client(conf):
    config = SPConfig()
    config.load({
        "entityid": conf["entityid"],
        "key_file": conf["key"],
        "cert_file": conf["cert"],
        "encryption_keypairs": [{"key_file": conf["key"], "cert_file": conf["cert"]}],
        "xmlsec_binary": "/usr/bin/xmlsec1",
        "metadata": {"local": [conf["idp_metadata"]]} if os.path.exists(conf["idp_metadata"]) else {},
        "allow_unknown_attributes": True,
        # Who is signed in, kept on disk: each command is a process of its own.
        "subject_data": conf["subject_data"],
        "service": {
            "sp": {
                "endpoints": {
                    "assertion_consumer_service": [(conf["acs"], BINDING_HTTP_POST)],
                    "single_logout_service": [(conf["slo"], BINDING_HTTP_REDIRECT)],
                },
                "authn_requests_signed": conf.get("sign_requests", False),
                "logout_requests_signed": conf.get("sign_requests", False),
                "want_assertions_signed": True,
                "want_response_signed": conf.get("want_response_signed", True),
                "allow_unsolicited": True,
                "name_id_format": NAMEID_FORMAT_PERSISTENT,
            }
        },
    })
    return Saml2Client(config)


def idp_of(c):
    return next(iter(c.metadata.identity_providers()))


def authn(conf, binding="redirect", mfa="no"):
    c = client(conf)
    kwargs = {}
    if mfa == "mfa":
        kwargs["requested_authn_context"] = RequestedAuthnContext(
            authn_context_class_ref=[AuthnContextClassRef(text=MFA)], comparison="exact"
        )
    b = BINDING_HTTP_POST if binding == "post" else BINDING_HTTP_REDIRECT
    req_id, info = c.prepare_for_authenticate(
        entityid=idp_of(c), relay_state="relay-" + conf["entityid"][-6:], binding=b, **kwargs
    )
    if b == BINDING_HTTP_REDIRECT:
        url = dict(info["headers"])["Location"]
        return {"id": req_id, "url": url}
    # POST: pysaml2 gives an HTML form; take its action and fields.
    import re
    html = info["data"]
    action = re.search(r'action="([^"]+)"', html).group(1)
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', html))
    return {"id": req_id, "action": action, "form": fields}


def acs(conf, req_id, response):
    c = client(conf)
    outstanding = {req_id: conf["acs"]} if req_id != "-" else {}
    r = c.parse_authn_request_response(response, BINDING_HTTP_POST, outstanding)
    if r is None:
        raise ValueError("no response")
    authn_info = r.authn_info()
    return {
        "issuer": r.issuer(),
        "name_id": r.name_id.text,
        "name_id_format": r.name_id.format,
        "attributes": r.ava,
        "authn_context": authn_info[0][0] if authn_info else None,
        "session_index": r.assertion.authn_statement[0].session_index if r.assertion.authn_statement else None,
        "in_response_to": r.in_response_to,
    }


def logout(conf, name_id, session_index):
    c = client(conf)
    nid = NameID(text=name_id, format=NAMEID_FORMAT_PERSISTENT)
    idp = idp_of(c)
    destination = c.metadata.single_logout_service(idp, BINDING_HTTP_REDIRECT, "idpsso")[0]["location"]
    req_id, req = c.create_logout_request(destination, idp, name_id=nid, session_indexes=[session_index])
    info = c.apply_binding(BINDING_HTTP_REDIRECT, str(req), destination, "relay-slo", sign=conf.get("sign_requests", False), sigalg="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256")
    return {"id": req_id, "url": dict(info["headers"])["Location"]}


def logout_response(conf, response):
    c = client(conf)
    r = c.parse_logout_request_response(response, BINDING_HTTP_REDIRECT)
    return {"status": r.response.status.status_code.value}


def logout_request(conf, request, name_id, relay_state):
    c = client(conf)
    nid = NameID(text=name_id, format=NAMEID_FORMAT_PERSISTENT)
    info = c.handle_logout_request(request, nid, BINDING_HTTP_REDIRECT, relay_state=relay_state)
    return {"url": dict(info["headers"])["Location"]}


def metadata(conf):
    from saml2.metadata import entity_descriptor
    return {"xml": str(entity_descriptor(client(conf).config))}


def main():
    command, conf = sys.argv[1], json.loads(sys.argv[2])
    args = sys.argv[3:]
    try:
        out = {"authn": authn, "acs": acs, "logout": logout, "logout_response": logout_response, "logout_request": logout_request, "metadata": metadata}[command](conf, *args)
    except Exception as e:  # the test reads why a provider refused
        print(json.dumps({"error": type(e).__name__, "message": str(e)[:500]}))
        sys.exit(1)
    print(json.dumps(out, default=str))


if __name__ == "__main__":
    main()
