vcl 4.1;

# Two (or more) shop servers behind one Varnish: every rule of shop.vcl, and a round-robin
# director over the servers whose /readyz answers (the shop_ready probe of shop.vcl). Both
# servers share one PostgreSQL database (DATABASE_URL, docs/operating.md "Several servers").
#
#   varnishd -F -n /tmp/shop-varnish -a 127.0.0.1:6081 -f $PWD/deploy/varnish/two-shops.vcl -s malloc,64m
#
# The first server is shop.vcl's backend (127.0.0.1:8080), the second is shop_b below
# (127.0.0.1:8081): edit the addresses for your machines, and add each shop host to the
# purgers ACL of shop.vcl. A server that stops answering /readyz is left out within three
# probes (about 6 s) and taken back at its first good answer.

import directors;

include "./shop.vcl";

backend shop_b {
    .host = "127.0.0.1";
    .port = "8081";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .probe = shop_ready;
}

sub vcl_init {
    new shops = directors.round_robin();
    shops.add_backend(shop);
    shops.add_backend(shop_b);
}

# Each fetch (a miss, a pass, a revalidation) goes to the next healthy server.
sub vcl_backend_fetch {
    set bereq.backend = shops.backend();
}
