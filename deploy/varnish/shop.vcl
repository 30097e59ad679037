vcl 4.1;

# The brake shop behind Varnish (Debian's varnish 7.1), issue 22. See README, "Running behind a cache".
#
#   varnishd -F -n /tmp/shop-varnish -a 127.0.0.1:6081 -f $PWD/deploy/varnish/shop.vcl -s malloc,64m
#
# and start the shop with CACHE_PURGE_URLS=http://127.0.0.1:6081 (catalogue changes ban here),
# CACHE_PURGE_SECRET=<the secret in /etc/varnish/shop-purge-secret>, TRUST_PROXY=127.0.0.1 (the
# client's address and scheme come from Varnish) and PUBLIC_ORIGIN=https://www.example.it (every
# absolute address in a cached page is built on it, never on a request's Host).
#
# The secret: at least 16 characters on the first line of /etc/varnish/shop-purge-secret
# (readable by varnishd; e.g. `openssl rand -hex 24`). A BAN must come from the shop's servers
# (acl purgers) AND carry it (X-Shop-Purge-Secret); without the file no BAN is accepted.
#
# X-Forwarded-Proto is the scheme the shop builds addresses with: Varnish keeps it only from a
# TLS proxy on this machine (acl tls_proxies) and only as http or https; from anyone else it is
# set to http. The shop's /metrics and its test hooks (/__test/) are never answered through here.
#
# What is cached: public pages only, the way the shop marks them (Cache-Control: public,
# s-maxage=30, stale-while-revalidate=30, an ETag, no Set-Cookie). The key is the address
# plus the device class read from the User-Agent (phone, tablet, computer: the same rule as
# the shop's deviceFromUserAgent). A request carrying one of the cookies that change a page
# (shop_visitor: the visitor's basket; shop_banner_*) goes to the shop every time;
# any other cookie is dropped before the lookup. The basket page, every write, and every
# answer the shop marks private / no-store / with a cookie are never kept.

import std;

backend shop {
    .host = "127.0.0.1";
    .port = "8080";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
}

# Who may ban (the shop's servers).
acl purgers {
    "127.0.0.1";
    "::1";
}

# Who may say the request came over TLS (X-Forwarded-Proto): a TLS proxy on this machine.
acl tls_proxies {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    # The scheme: only a TLS proxy in front may set it, and only to http or https.
    if (client.ip !~ tls_proxies || req.http.X-Forwarded-Proto !~ "^https?$") {
        set req.http.X-Forwarded-Proto = "http";
    }
    # A catalogue change: the shop names the tags of the answers to drop (X-Shop-Ban is a
    # regular expression over X-Shop-Tags, e.g. "\b(product:12|product:13)\b", or "." for all).
    if (req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(403, "Not allowed"));
        }
        # The shared secret as well as the address (a process on a purger's machine is not enough).
        if (regsub(std.fileread("/etc/varnish/shop-purge-secret"), "(?s)[\r\n].*$", "") !~ "^.{16,}$" ||
            req.http.X-Shop-Purge-Secret != regsub(std.fileread("/etc/varnish/shop-purge-secret"), "(?s)[\r\n].*$", "")) {
            return (synth(403, "Not allowed"));
        }
        if (!req.http.X-Shop-Ban) {
            return (synth(400, "X-Shop-Ban missing"));
        }
        # The shop sends only tag names, \b, | and parentheses (no spaces: the expression is not quoted).
        if (req.http.X-Shop-Ban !~ "^[a-z0-9:|()\\.]+$") {
            return (synth(400, "Bad X-Shop-Ban"));
        }
        if (std.ban("obj.http.X-Shop-Tags ~ " + req.http.X-Shop-Ban)) {
            return (synth(200, "Banned"));
        }
        return (synth(400, std.ban_error()));
    }
    # Metrics and the test hooks are for this machine, on the shop's own port: never from outside.
    if (req.url ~ "^/(metrics|__test/)") {
        return (synth(404, "Not Found"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The basket page, the visitor's own answers, the test hooks and the back office (issue 36: its
    # session cookie goes through, nothing of it is kept): never from the cache.
    if (req.url ~ "^/((pl|en)/)?basketedit\.php" || req.url ~ "^/(ajax/basket\.php|return\.php|__test/)" || req.url ~ "^/admin(/|\?|$)") {
        return (pass);
    }
    # Marketing parameters do not change a page.
    if (req.url ~ "[?&](utm_[a-z]+|gclid|fbclid)=") {
        set req.url = regsuball(req.url, "(utm_[a-z]+|gclid|fbclid)=[^&]*&?", "");
        set req.url = regsub(req.url, "[?&]$", "");
    }
    set req.url = std.querysort(req.url);
    # A page drawn for this visitor (basket, closed banners): always from the shop. (The language
    # is the address's, never a cookie's.)
    if (req.http.Cookie ~ "(^|;\s*)(shop_visitor|shop_banner_[a-z_]+)=") {
        return (pass);
    }
    unset req.http.Cookie;
    # The device class, as the shop reads it from the User-Agent.
    if (req.http.User-Agent ~ "(?i)iPad|Tablet") {
        set req.http.X-Shop-Device = "tablet";
    } elsif (req.http.User-Agent ~ "(?i)Mobi|Android|iPhone") {
        set req.http.X-Shop-Device = "mobile";
    } else {
        set req.http.X-Shop-Device = "pc";
    }
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    hash_data(req.http.X-Shop-Device);
    hash_data(req.http.X-Forwarded-Proto);
    return (lookup);
}

sub vcl_backend_response {
    # Never keep what is personal or sets a cookie.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)private|no-store|no-cache" || !beresp.http.Cache-Control) {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    if (beresp.status != 200 && beresp.status != 301 && beresp.status != 404) {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # The device class is in the key already: the User-Agent would only split it further.
    if (beresp.http.Vary) {
        set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)(^|,\s*)User-Agent", "");
        set beresp.http.Vary = regsub(beresp.http.Vary, "^,\s*", "");
        if (beresp.http.Vary == "") {
            unset beresp.http.Vary;
        }
    }
    # Serve stale while asking again (the shop's stale-while-revalidate), and keep the object
    # a little longer still so that the next fetch can be a conditional one (304).
    set beresp.grace = 30s;
    set beresp.keep = 60s;
    return (deliver);
}

sub vcl_deliver {
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # The tags are for bans only.
    unset resp.http.X-Shop-Tags;
    unset resp.http.X-Shop-Purge-Secret;
    unset resp.http.Via;
    unset resp.http.X-Varnish;
    return (deliver);
}
