# The instances behind represent.vcl: copy to backends.vcl in a directory named by varnishd's
# -p vcl_path, with one backend per instance, each added to the round-robin director.
backend one {
    .host = "127.0.0.1";
    .port = "8081";
}

backend two {
    .host = "127.0.0.1";
    .port = "8082";
}

sub vcl_init {
    api.add_backend(one);
    api.add_backend(two);
}
