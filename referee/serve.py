"""Serve the table from this computer: what `make run` starts.

    python -m referee.serve --host 0.0.0.0 --port 5000

On 127.0.0.1 (the default) only this computer can open it. On 0.0.0.0 every phone on the same
Wi-Fi can: the terminal shows the address they open, and a QR code of it to scan.
"""
from __future__ import annotations

import argparse
import ipaddress
import socket
import sys

import segno
from werkzeug.serving import make_server

from referee import create_app

EVERY_ADDRESS = ("0.0.0.0", "::", "")


def network_address() -> str | None:
    """This computer's address on its network: the one its traffic to elsewhere leaves from."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            # Connecting a UDP socket sends nothing: it only asks the routing table which of
            # this computer's addresses it would send from (203.0.113.1 is a documentation address).
            probe.connect(("203.0.113.1", 9))
            address = probe.getsockname()[0]
        except OSError:
            address = None
    if address and not ipaddress.ip_address(address).is_loopback and address != "0.0.0.0":
        return address
    try:
        named = socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        named = []
    return next((a for a in named if not ipaddress.ip_address(a).is_loopback), None)


def phone_url(host: str, port: int) -> str | None:
    """The address a phone at the table opens, or None if phones cannot reach this server."""
    if host in EVERY_ADDRESS:
        address = network_address()
    else:
        address = None if ipaddress.ip_address(host).is_loopback else host
    if address is None:
        return None
    if ":" in address:
        address = f"[{address}]"
    return f"http://{address}:{port}/"


# Black on white whatever the terminal's colours, as a printed QR code is: "▀" drawn with the
# upper module's colour in front and the lower one's behind, two rows of modules per line.
# 16 and 231 are black and white in the fixed colour cube, which colour themes leave alone.
BLACK, WHITE = 16, 231
QUIET_ZONE = 4  # modules of white around the code, as the QR standard asks


def terminal_qr(url: str) -> str:
    rows = [list(row) for row in segno.make(url, error="m").matrix_iter(border=QUIET_ZONE)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))  # the quiet zone goes on below
    lines = []
    for upper, lower in zip(rows[::2], rows[1::2]):
        line, colours = [], None
        for top, bottom in zip(upper, lower):
            if (top, bottom) != colours:
                colours = (top, bottom)
                line.append(f"\033[38;5;{BLACK if top else WHITE};48;5;{BLACK if bottom else WHITE}m")
            line.append("▀")
        lines.append("".join(line) + "\033[0m")
    return "\n".join(lines)


def banner(host: str, port: int) -> str:
    here = f"http://127.0.0.1:{port}/"
    lines = ["", f"referee is serving the table on port {port}.", "", f"  On this computer:  {here}"]
    phones = phone_url(host, port)
    if phones:
        lines += [f"  Phones on the same Wi-Fi open:  {phones}", "  or scan this with the phone's camera:", "",
                  terminal_qr(phones), "",
                  "  A phone that cannot connect: is it on the same Wi-Fi? Does this computer's",
                  f"  firewall let connections to port {port} in?"]
    elif host in EVERY_ADDRESS:
        lines += ["  This computer has no network address: join the Wi-Fi the phones are on,",
                  "  then start again."]
    else:
        lines += ["  Only this computer can open it. For the phones at the table:  make run HOST=0.0.0.0"]
    lines += ["", "  Stop with Ctrl+C.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m referee.serve", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0 lets the phones on this network in")
    parser.add_argument("--port", type=int, default=5000)
    args = parser.parse_args(argv)
    server = make_server(args.host, args.port, create_app(), threaded=True)
    print(banner(args.host, args.port), flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main(sys.argv[1:])
