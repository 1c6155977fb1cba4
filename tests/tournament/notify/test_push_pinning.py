"""Issue 43, item 22: a push is sent to the address the SSRF guard checked. A DNS that answers
a public address to the check and a private one afterwards (rebinding) never gets a second
question; the pinned connection still speaks TLS to the host's name (server name, certificate)."""

from __future__ import annotations

import datetime as dt
import http.server
import socket
import ssl
import threading

import pytest
import requests
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from tests.support.push import PushService
from tournament.notify.reading.kinds import Text
from tournament.notify.services import channels, sending

REBOUND = "push.rebinding.test"


@pytest.fixture
def keys():
    service = PushService()
    service.port = 1
    return service.subscribe().info()["keys"]


def test_the_send_connects_to_the_address_checked_without_asking_again(monkeypatch, keys):
    real_lookup = socket.getaddrinfo
    lookups: list[str] = []
    connected: list[tuple] = []

    def rebinding_dns(host, port, *args, **kwargs):
        if host != REBOUND:
            return real_lookup(host, port, *args, **kwargs)
        lookups.append(host)
        address = "93.184.216.34" if len(lookups) == 1 else "127.0.0.1"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    def no_network(sock, address):
        connected.append(tuple(address[:2]))
        raise ConnectionRefusedError(address)

    monkeypatch.setattr(socket, "getaddrinfo", rebinding_dns)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    outcome = channels.send_push(
        sending._session(),
        endpoint=f"https://{REBOUND}/push/1",
        p256dh=keys["p256dh"],
        auth=keys["auth"],
        message_id=1,
        tag="t",
        kind="test",
        text=Text("Title", "Body"),
    )
    assert outcome.state == "retry"  # nobody listens at the checked address here
    assert lookups == [REBOUND]
    assert connected == [("93.184.216.34", 443)]


def test_a_rebinding_host_is_refused_when_the_check_sees_the_private_address(monkeypatch, keys):
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda host, port, *a, **k: [
            (socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("::127.0.0.1", port, 0, 0))
        ],
    )
    outcome = channels.send_push(
        requests.Session(),
        endpoint=f"https://{REBOUND}/push/1",
        p256dh=keys["p256dh"],
        auth=keys["auth"],
        message_id=1,
        tag="t",
        kind="test",
        text=Text("Title", "Body"),
    )
    assert outcome.state == "gone" and "public address" in outcome.detail


# --- TLS to a pinned address ---------------------------------------------------------------


def _certificates(tmp_path, name: str):
    now = dt.datetime.now(dt.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Test push CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(1)
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(2)
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    (tmp_path / "ca.pem").write_bytes(ca.public_bytes(pem))
    (tmp_path / "leaf.pem").write_bytes(leaf.public_bytes(pem))
    (tmp_path / "leaf.key").write_bytes(
        key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return tmp_path / "ca.pem", tmp_path / "leaf.pem", tmp_path / "leaf.key"


@pytest.fixture
def tls_push(tmp_path):
    """An https push service for ``push.pinned.test`` on 127.0.0.1 that notes the TLS server
    name and the Host header of what it receives."""
    ca, cert, key = _certificates(tmp_path, "push.pinned.test")
    seen: dict[str, list] = {"sni": [], "host": []}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            seen["host"].append(self.headers["Host"])
            self.send_response(201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    context.sni_callback = lambda sock, name, ctx: seen["sni"].append(name)
    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1], ca, seen
    server.shutdown()
    server.server_close()


def test_the_pinned_connection_speaks_tls_to_the_hosts_name(tls_push):
    port, ca, seen = tls_push
    session = requests.Session()
    session.trust_env = False
    session.mount("https://", channels.PinnedAdapter())
    url, host = channels.pinned_url(f"https://push.pinned.test:{port}/push/1", "127.0.0.1")
    assert url == f"https://127.0.0.1:{port}/push/1"
    answer = session.post(url, data=b"x", headers={"Host": host}, verify=str(ca), timeout=5)
    assert answer.status_code == 201
    assert seen == {"sni": ["push.pinned.test"], "host": [f"push.pinned.test:{port}"]}
    # a certificate for another name is refused
    url, host = channels.pinned_url(f"https://push.other.test:{port}/push/1", "127.0.0.1")
    with pytest.raises(requests.exceptions.SSLError):
        session.post(url, data=b"x", headers={"Host": host}, verify=str(ca), timeout=5)


def test_an_ipv6_address_is_bracketed():
    assert channels.pinned_url("https://push.example:8443/a?b=1", "2001:db8::1") == (
        "https://[2001:db8::1]:8443/a?b=1",
        "push.example:8443",
    )
