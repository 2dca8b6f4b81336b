package io.cangrid.overlay.ad;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads the requirements language: a tokenizer and a recursive-descent parser, operators binding as in
 * HTCondor's manual (unary minus and {@code !} tightest, then {@code * / %}, {@code + -}, comparisons,
 * {@code == != =?= =!= is isnt}, {@code &&}, {@code ||}, and {@code ?:} loosest). Literals: integers,
 * reals ({@code 1.5}, {@code 1E3}), strings in double quotes (a backslash takes the next character as it
 * is), {@code true}, {@code false}, {@code undefined}, {@code error}, sizes ({@code 28M}: a number with
 * K, M, G or T, read as MiB), relative times ({@code '00:15'}, {@code '1+02:00:00'}: seconds) and lists
 * ({@code {"matlab", "ansys"}}); {@code //} and slash-star comments.
 */
final class ExprParser {

    private enum Kind { NUMBER, STRING, RELTIME, NAME, SYMBOL, END }

    private record Token(Kind kind, String text, int offset, boolean startsLine, Value value) {
    }

    private static final String[] SYMBOLS = {"=?=", "=!=", "==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "?",
        ":", "+", "-", "*", "/", "%", "(", ")", "{", "}", ",", ".", ";", "[", "]", "="};

    /** Longest text read: an expression travels with its job and is read by every node it reaches. */
    static final int MAX_LENGTH = 8192;
    /** Deepest nesting read: each parenthesis, list, argument or unary operator is a level or two. */
    static final int MAX_NESTING = 128;

    private final String text;
    private final List<Token> tokens;
    private int next;
    private int nesting;
    /** Whether {@code label.Name} is read, as in the ports of a gang's ads. */
    private boolean labels;

    private ExprParser(String text) {
        if (text.length() > MAX_LENGTH) {
            throw new ExprSyntaxException("longer than " + MAX_LENGTH + " characters", text.substring(0, 80), 0);
        }
        this.text = text;
        this.tokens = tokenize(text);
    }

    static Expr parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("no expression given");
        }
        ExprParser p = new ExprParser(text);
        if (p.peek().kind() == Kind.END) {
            throw p.error("an empty expression", p.peek());
        }
        Expr e = p.expression();
        if (p.peek().kind() != Kind.END) {
            throw p.error("unexpected '" + p.peek().text() + "' after a complete expression", p.peek());
        }
        return e;
    }

    static Ad parseAd(String text) {
        if (text == null) {
            throw new IllegalArgumentException("no ad given");
        }
        ExprParser p = new ExprParser(text);
        Ad ad = p.attributes(p.accept("["), null);
        p.atEnd("the ad");
        return ad;
    }

    /**
     * An ad that may have {@code Ports = { [ ... ], ... }}: its other attributes, and each port's as an ad of
     * its own. Inside ports {@code label.Name} is read; which labels a port may name is the reader's to check.
     */
    static PortedAd parsePortedAd(String text) {
        if (text == null) {
            throw new IllegalArgumentException("no ad given");
        }
        ExprParser p = new ExprParser(text);
        List<Ad> ports = new ArrayList<>();
        Ad ad = p.attributes(p.accept("["), ports);
        p.atEnd("the ad");
        return new PortedAd(ad, List.copyOf(ports));
    }

    /** With {@code ports} non-null, an attribute {@code Ports} is read as a list of port ads into it. */
    private Ad attributes(boolean bracketed, List<Ad> ports) {
        Ad ad = Ad.EMPTY;
        Set<String> seen = new HashSet<>();
        while (true) {
            Token t = peek();
            if (t.kind() == Kind.END || (bracketed && t.text().equals("]") && t.kind() == Kind.SYMBOL)) {
                break;
            }
            if (t.kind() == Kind.SYMBOL && t.text().equals(";")) {
                next++;
                continue;
            }
            if (t.kind() != Kind.NAME) {
                throw error("expected an attribute name", t);
            }
            next++;
            if (!seen.add(t.text().toLowerCase(Locale.ROOT))) {
                throw error("attribute '" + t.text() + "' is given twice", t);
            }
            expect("=", "'=' after the attribute name " + t.text());
            if (ports != null && t.text().equalsIgnoreCase(PortedAd.PORTS)) {
                ports(ports);
            } else {
                ad = ad.with(t.text(), expression());
            }
            Token after = peek();
            boolean ends = after.kind() == Kind.END || after.text().equals(";")
                    || (bracketed && after.text().equals("]")) || after.startsLine();
            if (!ends) {
                throw error("expected ';' or a new line after the value of " + t.text(), after);
            }
        }
        if (bracketed) {
            expect("]", "']' closing the ad");
        }
        return ad;
    }

    private void ports(List<Ad> into) {
        Token open = peek();
        expect("{", "'{' opening the list of ports");
        labels = true;
        if (!accept("}")) {
            do {
                expect("[", "'[' opening a port");
                into.add(attributes(true, null));
            } while (accept(","));
            expect("}", "',' or '}' in the list of ports opened at column " + (open.offset() + 1));
        }
        labels = false;
    }

    private void atEnd(String what) {
        if (peek().kind() != Kind.END) {
            throw error("unexpected '" + peek().text() + "' after " + what, peek());
        }
    }

    static boolean isName(String s) {
        if (s == null || s.isEmpty() || !(Character.isLetter(s.charAt(0)) || s.charAt(0) == '_')) {
            return false;
        }
        for (char c : s.toCharArray()) {
            if (!(Character.isLetterOrDigit(c) || c == '_') || c > 127) {
                return false;
            }
        }
        return true;
    }

    // ---- grammar ---------------------------------------------------------------------------------------

    private Expr expression() {
        enter();
        try {
            return conditional();
        } finally {
            nesting--;
        }
    }

    private Expr conditional() {
        Expr c = or();
        if (accept("?")) {
            Expr then = peekSymbol(":") ? null : expression();
            expect(":", "':' in a conditional expression");
            return new Expr.Conditional(c, then, expression());
        }
        return c;
    }

    private Expr or() {
        Expr e = and();
        while (accept("||")) {
            e = new Expr.Or(e, and());
        }
        return e;
    }

    private Expr and() {
        Expr e = binary(2);
        while (accept("&&")) {
            e = new Expr.And(e, binary(2));
        }
        return e;
    }

    /** The operators binding at {@code precedence} (2: equality … 5: multiplication), left to right. */
    private Expr binary(int precedence) {
        if (precedence > 5) {
            return unary();
        }
        Expr e = binary(precedence + 1);
        for (Op op = acceptOp(precedence); op != null; op = acceptOp(precedence)) {
            e = new Expr.Binary(op, e, binary(precedence + 1));
        }
        return e;
    }

    /** Every level of nesting (a sub-expression, a unary operator) passes here: its depth is bounded. */
    private void enter() {
        if (++nesting > MAX_NESTING) {
            throw error("nested deeper than " + MAX_NESTING + " levels", peek());
        }
    }

    private Expr unary() {
        enter();
        try {
            return unaryAt();
        } finally {
            nesting--;
        }
    }

    private Expr unaryAt() {
        if (accept("-")) {
            return new Expr.Negate(unary());
        }
        if (accept("+")) {
            return unary();
        }
        if (accept("!")) {
            return new Expr.Not(unary());
        }
        return primary();
    }

    private Expr primary() {
        Token t = peek();
        switch (t.kind()) {
            case NUMBER, STRING, RELTIME -> {
                next++;
                return new Expr.Literal(t.value());
            }
            case END -> throw error("the expression ends where a value was expected", t);
            case SYMBOL -> {
                if (accept("(")) {
                    Expr e = expression();
                    expect(")", "')' closing the '(' at column " + (t.offset() + 1));
                    return e;
                }
                if (accept("{")) {
                    List<Expr> items = new ArrayList<>();
                    if (!accept("}")) {
                        do {
                            items.add(expression());
                        } while (accept(","));
                        expect("}", "',' or '}' in the list opened at column " + (t.offset() + 1));
                    }
                    return new Expr.ListOf(items);
                }
                throw error("expected a value, found '" + t.text() + "'", t);
            }
            default -> {
                next++;
                return named(t);
            }
        }
    }

    private Expr named(Token t) {
        String lower = t.text().toLowerCase(Locale.ROOT);
        switch (lower) {
            case "true":
                return new Expr.Literal(Value.TRUE);
            case "false":
                return new Expr.Literal(Value.FALSE);
            case "undefined":
                return new Expr.Literal(Value.UNDEFINED);
            case "error":
                return new Expr.Literal(Value.ERROR);
            case "is", "isnt":
                throw error("'" + t.text() + "' compares two values; a value was expected here", t);
            default:
                break;
        }
        if (peekSymbol("(")) {
            next++;
            List<Expr> args = new ArrayList<>();
            if (!accept(")")) {
                do {
                    args.add(expression());
                } while (accept(","));
                expect(")", "',' or ')' in the arguments of " + t.text());
            }
            String problem = Functions.problem(t.text(), args.size());
            if (problem != null) {
                throw error(problem, t);
            }
            return new Expr.Call(t.text(), args);
        }
        if ((lower.equals("my") || lower.equals("other") || lower.equals("target")) && peekSymbol(".")) {
            next++;
            Token name = peek();
            if (name.kind() != Kind.NAME) {
                throw error("expected an attribute name after '" + t.text() + ".'", name);
            }
            next++;
            return new Expr.Ref(lower.equals("my") ? Expr.Ref.Kind.MY : Expr.Ref.Kind.OTHER, name.text());
        }
        if (peekSymbol(".") && labels) {
            next++;
            Token name = peek();
            if (name.kind() != Kind.NAME) {
                throw error("expected an attribute name after the label '" + t.text() + ".'", name);
            }
            next++;
            return new Expr.LabelRef(t.text(), name.text());
        }
        if (peekSymbol(".")) {
            throw error("only my., other. and target. may scope an attribute, not '" + t.text() + ".'", t);
        }
        return new Expr.Ref(Expr.Ref.Kind.ANY, t.text());
    }

    private Op acceptOp(int precedence) {
        Token t = peek();
        String s = t.kind() == Kind.SYMBOL ? t.text()
                : t.kind() == Kind.NAME ? switch (t.text().toLowerCase(Locale.ROOT)) {
                    case "is" -> "=?=";
                    case "isnt" -> "=!=";
                    default -> null;
                } : null;
        if (s == null) {
            return null;
        }
        for (Op op : Op.values()) {
            if (op.precedence == precedence && op.symbol().equals(s)) {
                next++;
                return op;
            }
        }
        return null;
    }

    private Token peek() {
        return tokens.get(next);
    }

    private boolean peekSymbol(String s) {
        Token t = peek();
        return t.kind() == Kind.SYMBOL && t.text().equals(s);
    }

    private boolean accept(String symbol) {
        if (peekSymbol(symbol)) {
            next++;
            return true;
        }
        return false;
    }

    private void expect(String symbol, String what) {
        if (!accept(symbol)) {
            Token t = peek();
            throw error("expected " + what + ", found " + (t.kind() == Kind.END ? "the end" : "'" + t.text() + "'"),
                    t);
        }
    }

    private ExprSyntaxException error(String what, Token at) {
        return new ExprSyntaxException(what, text, at.offset());
    }

    // ---- tokens ----------------------------------------------------------------------------------------

    private static List<Token> tokenize(String text) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        boolean lineStart = true;
        int n = text.length();
        while (true) {
            while (i < n) {
                char c = text.charAt(i);
                if (c == '\n') {
                    lineStart = true;
                    i++;
                } else if (Character.isWhitespace(c)) {
                    i++;
                } else if (text.startsWith("//", i)) {
                    while (i < n && text.charAt(i) != '\n') {
                        i++;
                    }
                } else if (text.startsWith("/*", i)) {
                    int end = text.indexOf("*/", i + 2);
                    if (end < 0) {
                        throw new ExprSyntaxException("a comment opened here is never closed", text, i);
                    }
                    for (int k = i; k < end; k++) {
                        lineStart |= text.charAt(k) == '\n';
                    }
                    i = end + 2;
                } else {
                    break;
                }
            }
            if (i >= n) {
                out.add(new Token(Kind.END, "", n, lineStart, null));
                return out;
            }
            char c = text.charAt(i);
            int start = i;
            Token t;
            if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(text.charAt(i + 1)))) {
                t = number(text, start, lineStart);
            } else if (c == '"') {
                t = string(text, start, lineStart);
            } else if (c == '\'') {
                t = relativeTime(text, start, lineStart);
            } else if (Character.isLetter(c) || c == '_') {
                int j = i;
                while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '_')) {
                    j++;
                }
                t = new Token(Kind.NAME, text.substring(i, j), start, lineStart, null);
            } else {
                String sym = null;
                for (String s : SYMBOLS) {
                    if (text.startsWith(s, i)) {
                        sym = s;
                        break;
                    }
                }
                if (sym == null) {
                    throw new ExprSyntaxException("unexpected character '" + c + "'", text, i);
                }
                t = new Token(Kind.SYMBOL, sym, start, lineStart, null);
            }
            out.add(t);
            i = t.offset() + t.text().length();
            lineStart = false;
        }
    }

    private static Token number(String text, int start, boolean lineStart) {
        int n = text.length();
        int i = start;
        while (i < n && Character.isDigit(text.charAt(i))) {
            i++;
        }
        boolean real = false;
        if (i < n && text.charAt(i) == '.' && i + 1 < n && Character.isDigit(text.charAt(i + 1))) {
            real = true;
            i++;
            while (i < n && Character.isDigit(text.charAt(i))) {
                i++;
            }
        }
        if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (text.charAt(j) == '+' || text.charAt(j) == '-')) {
                j++;
            }
            if (j < n && Character.isDigit(text.charAt(j))) {
                real = true;
                i = j;
                while (i < n && Character.isDigit(text.charAt(i))) {
                    i++;
                }
            }
        }
        String digits = text.substring(start, i);
        double scale = 0;
        if (i < n && "KkMmGgTt".indexOf(text.charAt(i)) >= 0
                && (i + 1 >= n || !(Character.isLetterOrDigit(text.charAt(i + 1)) || text.charAt(i + 1) == '_'))) {
            scale = switch (Character.toUpperCase(text.charAt(i))) {
                case 'K' -> 1.0 / 1024;
                case 'M' -> 1;
                case 'G' -> 1024;
                default -> 1024.0 * 1024;
            };
            i++;
        }
        if (i < n && (Character.isLetter(text.charAt(i)) || text.charAt(i) == '_')) {
            throw new ExprSyntaxException("a number cannot run into a name ('" + text.substring(start, i + 1)
                    + "'); a size takes one of K, M, G, T", text, start);
        }
        String whole = text.substring(start, i);
        Value v;
        try {
            if (scale != 0) {
                v = Value.of(Double.parseDouble(digits) * scale);
            } else if (real) {
                v = Value.of(Double.parseDouble(digits));
            } else {
                v = Value.of(Long.parseLong(digits));
            }
        } catch (NumberFormatException e) {
            throw new ExprSyntaxException("'" + whole + "' is too large a number", text, start);
        }
        return new Token(Kind.NUMBER, whole, start, lineStart, v);
    }

    private static Token string(String text, int start, boolean lineStart) {
        StringBuilder b = new StringBuilder();
        int i = start + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                return new Token(Kind.STRING, text.substring(start, i + 1), start, lineStart, Value.of(b.toString()));
            }
            if (c == '\\' && i + 1 < text.length()) {
                char e = text.charAt(i + 1);
                b.append(switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> e;
                });
                i += 2;
            } else if (c == '\n') {
                break;
            } else {
                b.append(c);
                i++;
            }
        }
        throw new ExprSyntaxException("a string opened here is not closed on its line", text, start);
    }

    /** {@code '[d+]h:m[:s]'}: a number of seconds. */
    private static Token relativeTime(String text, int start, boolean lineStart) {
        int end = text.indexOf('\'', start + 1);
        if (end < 0) {
            throw new ExprSyntaxException("a relative time opened here is not closed", text, start);
        }
        String body = text.substring(start + 1, end).trim();
        String what = "'" + body + "' is no relative time; write it as 'h:m', 'h:m:s' or 'd+h:m:s'";
        long days = 0;
        int plus = body.indexOf('+');
        try {
            if (plus >= 0) {
                days = Long.parseLong(body.substring(0, plus).trim());
                body = body.substring(plus + 1).trim();
            }
            String[] parts = body.split(":", -1);
            if (parts.length < 2 || parts.length > 3) {
                throw new ExprSyntaxException(what, text, start);
            }
            long h = Long.parseLong(parts[0]);
            long m = Long.parseLong(parts[1]);
            long s = parts.length == 3 ? Long.parseLong(parts[2]) : 0;
            if (days < 0 || h < 0 || m < 0 || m > 59 || s < 0 || s > 59) {
                throw new ExprSyntaxException(what, text, start);
            }
            long seconds = ((days * 24 + h) * 60 + m) * 60 + s;
            return new Token(Kind.RELTIME, text.substring(start, end + 1), start, lineStart, Value.of(seconds));
        } catch (NumberFormatException e) {
            throw new ExprSyntaxException(what, text, start);
        }
    }
}
