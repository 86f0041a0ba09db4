//! Whose request it is behind a reverse proxy: [`client_of`] takes the client's address
//! from `X-Forwarded-For` only when the connection comes from a proxy the operator trusts
//! ([`crate::ServerConfig::trusted_proxies`], `pyrctl serve --trusted-proxy`); from any
//! other address the header is ignored, so no limit is bypassed by a header.

use std::net::IpAddr;

use axum::http::HeaderMap;
use ipnet::IpNet;

/// A trusted proxy: an address or a block of addresses.
pub type TrustedProxy = IpNet;

/// Whether `ip` is one of the `trusted` proxies.
pub fn is_trusted(ip: IpAddr, trusted: &[IpNet]) -> bool {
    trusted.iter().any(|net| net.contains(&ip))
}

/// The client of a request that came on a connection from `peer`: when `peer` is a
/// trusted proxy, the last address of `X-Forwarded-For` (every header of that name, in
/// order) that is not a trusted proxy itself (each proxy appends the address it was
/// reached from); else, or when the header holds no such address, `peer`.
pub fn client_of(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    if !is_trusted(peer, trusted) {
        return peer;
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    for hop in hops.iter().rev() {
        let Ok(ip) = hop.parse::<IpAddr>() else {
            // Something no proxy of ours wrote: trust nothing further left.
            return peer;
        };
        if !is_trusted(ip, trusted) {
            return ip;
        }
    }
    peer
}

/// Reads a `--trusted-proxy` value: an address (`10.0.0.5`, one host) or a CIDR block
/// (`10.0.0.0/8`).
pub fn parse_trusted(text: &str) -> Result<IpNet, String> {
    let text = text.trim();
    if let Ok(net) = text.parse::<IpNet>() {
        return Ok(net);
    }
    text.parse::<IpAddr>().map(IpNet::from).map_err(|_| {
        format!(
            "`{}` is neither an address nor a CIDR block (10.0.0.5, 10.0.0.0/8)",
            pyramid_core::excerpt(text)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for v in values {
            map.append("x-forwarded-for", v.parse().expect("a header value"));
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn the_header_is_ignored_unless_the_connection_is_from_a_trusted_proxy() {
        let trusted = vec![parse_trusted("127.0.0.1").expect("trusted")];
        let forged = headers(&["203.0.113.9"]);
        assert_eq!(
            client_of(ip("198.51.100.7"), &forged, &trusted),
            ip("198.51.100.7")
        );
        assert_eq!(
            client_of(ip("198.51.100.7"), &forged, &[]),
            ip("198.51.100.7")
        );
        assert_eq!(client_of(ip("127.0.0.1"), &forged, &[]), ip("127.0.0.1"));
    }

    #[test]
    fn the_client_is_the_last_address_no_trusted_proxy_wrote() {
        let trusted = vec![parse_trusted("10.0.0.0/8").expect("a block")];
        // A client may write anything first; the proxies append what they saw.
        let chain = headers(&["1.2.3.4, 203.0.113.9", "10.1.1.1"]);
        assert_eq!(
            client_of(ip("10.0.0.2"), &chain, &trusted),
            ip("203.0.113.9")
        );
        assert_eq!(
            client_of(ip("10.0.0.2"), &HeaderMap::new(), &trusted),
            ip("10.0.0.2")
        );
        let garbled = headers(&["203.0.113.9, not-an-address"]);
        assert_eq!(
            client_of(ip("10.0.0.2"), &garbled, &trusted),
            ip("10.0.0.2")
        );
    }

    #[test]
    fn trusted_proxies_are_addresses_or_blocks() {
        assert!(parse_trusted("::1").is_ok());
        assert!(parse_trusted("192.168.0.0/16").is_ok());
        assert!(parse_trusted("proxy.example").is_err());
        assert!(parse_trusted("10.0.0.0/40").is_err());
    }
}
