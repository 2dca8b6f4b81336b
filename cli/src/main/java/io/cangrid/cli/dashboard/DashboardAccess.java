package io.cangrid.cli.dashboard;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.CookieHeaderNames;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import io.netty.handler.codec.http.cookie.ServerCookieEncoder;
import java.util.List;
import java.util.Map;

/**
 * Who may look: a request carrying the dashboard's token as {@code ?token=}, as {@code Authorization: Bearer},
 * or in the cookie the page gets when it is opened with the token, so that the page's own requests need not
 * repeat it. The cookie's name carries the port: cookies do not tell ports apart, and two nodes of different
 * grids on one host have different tokens.
 */
final class DashboardAccess {

    static final String QUERY = "token";
    private static final String BEARER = "Bearer ";

    private final DashboardToken token;

    DashboardAccess(DashboardToken token) {
        this.token = token;
    }

    /** The cookie's name on a dashboard listening on {@code port}. */
    static String cookieName(int port) {
        return "cangrid-dashboard-" + port;
    }

    /** Whether {@code request}, which came in on {@code port}, carries the token: its head alone tells. */
    boolean allows(HttpRequest request, Map<String, List<String>> params, int port) {
        List<String> query = params.get(QUERY);
        if (query != null && !query.isEmpty() && token.matches(query.get(0))) {
            return true;
        }
        String authorization = request.headers().get(HttpHeaderNames.AUTHORIZATION);
        if (authorization != null && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())
                && token.matches(authorization.substring(BEARER.length()))) {
            return true;
        }
        String cookies = request.headers().get(HttpHeaderNames.COOKIE);
        if (cookies != null) {
            for (Cookie c : ServerCookieDecoder.STRICT.decode(cookies)) {
                if (c.name().equals(cookieName(port)) && token.matches(c.value())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A response to a request that brought the token in its URL sets the cookie, for the page's later requests. */
    void rememberIn(HttpResponse response, Map<String, List<String>> params, int port) {
        if (!params.containsKey(QUERY)) {
            return;
        }
        DefaultCookie c = new DefaultCookie(cookieName(port), token.hex());
        c.setHttpOnly(true);
        c.setPath("/");
        c.setSameSite(CookieHeaderNames.SameSite.Strict);
        response.headers().add(HttpHeaderNames.SET_COOKIE, ServerCookieEncoder.STRICT.encode(c));
    }
}
