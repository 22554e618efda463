"""TLS for the game's second listener: where the certificate is, a test certificate, and the
server's TLS context (docs/admin-guide.md, "TLS").

The certificate and key are ``tls/cert.pem`` and ``tls/key.pem`` in the data directory, or the
files the config's ``tls_cert`` and ``tls_key`` name (Let's Encrypt's ``fullchain.pem`` and
``privkey.pem``). The certificate file may hold the whole chain, leaf first.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import socket
from pathlib import Path

from twisted.internet.interfaces import IOpenSSLContextFactory
from zope.interface import implementer

__all__ = ["TlsError", "context_factory", "make_self_signed", "tls_files"]

TLS_DIR = "tls"
#: Days a ``make-cert`` certificate is valid.
SELF_SIGNED_DAYS = 365


class TlsError(ValueError):
    """The certificate or key cannot be used; the message says which file and why."""


def tls_files(data_dir: Path, cert: str = "", key: str = "") -> tuple[Path, Path]:
    """The certificate and key files: the config's, else ``DATA_DIR/tls/{cert,key}.pem``."""
    folder = Path(data_dir) / TLS_DIR
    return (Path(cert).expanduser() if cert else folder / "cert.pem",
            Path(key).expanduser() if key else folder / "key.pem")


def make_self_signed(cert: Path, key: Path, hosts: list[str]) -> list[str]:
    """Write a self-signed certificate for ``localhost``, this machine's name and ``hosts``
    (names or IP addresses) with a new P-256 key; returns the names it is for.

    Uses the ``cryptography`` package (it comes with pyOpenSSL, which the TLS listener needs),
    so no ``openssl`` program has to be installed.
    """
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    names = list(dict.fromkeys(["localhost", socket.gethostname(), *hosts, "127.0.0.1"]))
    alt: list[x509.GeneralName] = []
    for name in names:
        try:
            alt.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            alt.append(x509.DNSName(name))
    private = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hosts[0] if hosts else "localhost"),
                         x509.NameAttribute(NameOID.ORGANIZATION_NAME, "champions-mush test certificate")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
        .public_key(private.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=SELF_SIGNED_DAYS))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(private, hashes.SHA256())
    )
    for path in (cert, key):
        path.parent.mkdir(parents=True, exist_ok=True)
    key_bytes = private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption())
    fd = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key_bytes)
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    return names


@implementer(IOpenSSLContextFactory)
class _ServerContext:
    """A Twisted context factory: one pyOpenSSL context, TLS 1.2 and up. :meth:`reload` reads
    the files again (a renewed certificate) for the connections that come after."""

    def __init__(self, cert: Path, key: Path) -> None:
        self.cert, self.key = cert, key
        self._context = _build_context(cert, key)

    def getContext(self):  # Twisted's name
        return self._context

    def reload(self) -> None:
        """Use the files as they are now; :class:`TlsError` (the old context kept) if they cannot be."""
        self._context = context_factory(self.cert, self.key)._context


def _build_context(cert: Path, key: Path):  # an OpenSSL.SSL.Context
    from OpenSSL import SSL

    ctx = SSL.Context(SSL.TLS_SERVER_METHOD)
    ctx.set_min_proto_version(SSL.TLS1_2_VERSION)
    ctx.set_options(SSL.OP_NO_COMPRESSION | SSL.OP_CIPHER_SERVER_PREFERENCE)
    try:
        ctx.use_certificate_chain_file(str(cert))
    except SSL.Error as exc:
        raise TlsError(f"cannot use the certificate {cert}: {_reason(exc)}") from exc
    try:
        ctx.use_privatekey_file(str(key))
        ctx.check_privatekey()
    except SSL.Error as exc:
        raise TlsError(f"cannot use the key {key} with {cert}: {_reason(exc)}") from exc
    return ctx


def _reason(exc: Exception) -> str:
    detail = exc.args[0] if exc.args else exc
    if isinstance(detail, list) and detail and isinstance(detail[0], tuple):
        return "; ".join(str(part[-1]) for part in detail)
    return str(detail) or type(exc).__name__


def context_factory(cert: Path, key: Path) -> _ServerContext:
    """The TLS context for ``cert`` and ``key``; :class:`TlsError` says what is wrong."""
    for path in (cert, key):
        if not path.is_file():
            raise TlsError(f"{path} is missing")
        try:
            path.open("rb").close()
        except OSError as exc:
            raise TlsError(f"cannot read {path}: {exc.strerror}") from exc
    return _ServerContext(cert, key)
