# Varnish 7.1 (Debian's varnish package) in front of several instances of a represent service,
# which purge it after every successful write (purger() of represent/cache, PURGE_URLS in the
# illustrative service): a PUT through any instance is never followed by the old representation
# from here. Varnish does not invalidate on an unsafe method by itself (RFC 9111 section 4.4).
#
#   varnishd -f /path/to/deploy/varnish/represent.vcl -p vcl_path=/dir/of/backends.vcl -a :6081
#
# The backends and their place in the round-robin director are in backends.vcl (copy
# backends.example.vcl), so that this file is the same for every deployment.
vcl 4.1;

import directors;
import std;

# Who may purge: the service's instances. Anyone else gets 403.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    new api = directors.round_robin();
}

include "backends.vcl";

sub vcl_recv {
    set req.backend_hint = api.backend();
    # The purger names the Host in lower case (RFC 9110 section 4.2.3): one object per resource.
    if (req.http.Host) {
        set req.http.Host = std.tolower(req.http.Host);
    }
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.Surrogate-Key) {
            # A key purge: ban every object tagged with one of the keys. Keys are tokens of
            # letters, digits and -._~:/@%# (surrogateKey), checked here so that nothing but
            # keys reaches the ban's regular expression; the dot is its only special character.
            if (req.http.Surrogate-Key !~ "^[A-Za-z0-9._~:/@%#-]+( [A-Za-z0-9._~:/@%#-]+)*$") {
                return (synth(400, "Malformed Surrogate-Key"));
            }
            # obj.* only: the ban lurker applies it in the background, not each lookup.
            ban("obj.http.Surrogate-Key ~ (^|[[:blank:]])(" + regsuball(regsuball(req.http.Surrogate-Key, "[.]", "[.]"), " ", "|") + ")([[:blank:]]|$)");
            return (synth(200, "Banned"));
        }
        # A URI purge: every variant (Vary) of the object of this URL and Host.
        return (purge);
    }
}

sub vcl_deliver {
    # The keys are for this cache, as Fastly strips Surrogate-Key.
    unset resp.http.Surrogate-Key;
}
