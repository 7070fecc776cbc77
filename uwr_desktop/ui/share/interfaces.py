"""The network interfaces the GM may share the players' page on: each local IPv4 address.

``ifaddr`` lists them on Linux, macOS and Windows alike, by the names the system gives them.
"""

import ipaddress

import ifaddr
import msgspec

LOOPBACK = "127.0.0.1"


class Interface(msgspec.Struct, frozen=True):
    """One address of this computer the page can be served on, and what to call it."""

    name: str
    address: str

    @property
    def text(self) -> str:
        """How the interface is offered: ``"wlan0 (192.168.1.20)"``."""
        return f"{self.name} ({self.address})"

    @property
    def local_only(self) -> bool:
        """Whether only this computer can reach the address."""
        return ipaddress.ip_address(self.address).is_loopback


def local_interfaces() -> list[Interface]:
    """Every IPv4 address of this computer, those other devices can reach first (private
    networks before others), this computer's own loopback last."""
    found = [
        Interface(adapter.nice_name or adapter.name, ip.ip)
        for adapter in ifaddr.get_adapters()
        for ip in adapter.ips
        if isinstance(ip.ip, str) and not ip.ip.startswith("169.254.")
    ]
    if not any(interface.local_only for interface in found):
        found.append(Interface("This computer only", LOOPBACK))

    def rank(interface: Interface) -> tuple[bool, bool]:
        address = ipaddress.ip_address(interface.address)
        return address.is_loopback, not address.is_private

    return sorted(found, key=rank)
