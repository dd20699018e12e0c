// Expressions, from star_expressions down to atoms, in CPython's precedence
// order (lowest first). Each function is one grammar rule.
#include "syntax/literal.h"
#include "syntax/parser_impl.h"

#include <fmt/format.h>
#include <limits>

namespace ws::detail {

using namespace ws::ast;

bool Parser::starts_expression() {
    switch (kind()) {
    case Tok::Name:
    case Tok::Number:
    case Tok::String:
    case Tok::LPar:
    case Tok::LSqb:
    case Tok::LBrace:
    case Tok::Minus:
    case Tok::Plus:
    case Tok::Tilde:
    case Tok::Star:
    case Tok::Ellipsis:
    case Tok::KwNot:
    case Tok::KwLambda:
    case Tok::KwAwait:
    case Tok::KwTrue:
    case Tok::KwFalse:
    case Tok::KwNone: return true;
    default: return false;
    }
}

// star_expressions: `a`, or `a, *b, c,` as a Tuple without parentheses.
Expr* Parser::star_expressions() {
    Start s = start();
    Expr* first = star_expression();
    if (!is(Tok::Comma)) return first;
    std::vector<Expr*> elts{first};
    while (accept(Tok::Comma)) {
        if (!starts_expression()) break;
        elts.push_back(star_expression());
    }
    auto* t = expr<Tuple>(s);
    t->elts = std::move(elts);
    return t;
}

Expr* Parser::star_expression() {
    if (!is(Tok::Star)) return expression();
    Start s = start();
    take();
    Expr* value = bitwise_or();
    auto* st = expr<Starred>(s);
    st->value = value;
    return st;
}

Expr* Parser::star_named_expression() {
    if (!is(Tok::Star)) return named_expression();
    return star_expression();
}

// `name := value`, or an expression. A stray `=` gets CPython's hints.
Expr* Parser::named_expression() {
    if (is(Tok::Name) && kind(1) == Tok::ColonEqual) {
        Start s = start();
        take(); // the name
        take(); // :=
        expression();
        return expr<OtherExpr>(s, ExprKind::NamedExpr);
    }
    Expr* e = expression();
    if (is(Tok::ColonEqual))
        error_at(e->pos, fmt::format("cannot use assignment expressions with {}", expr_name(e)));
    // `if x = 1:` and friends, as CPython's invalid_named_expression, which
    // reads past the `=` only after a name or a bitwise_or-level expression.
    if (is(Tok::Equal) && (e->kind == ExprKind::Name || gets_equal_hint(e))) {
        Mark m = mark();
        take();
        if (starts_expression() && !is(Tok::Star)) {
            Expr* rhs = bitwise_or();
            if (!is(Tok::Equal) && !is(Tok::ColonEqual)) {
                if (e->kind == ExprKind::Name)
                    error_at(Pos{e->pos.line, e->pos.col, rhs->pos.end_line, rhs->pos.end_col},
                             "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
                if (gets_equal_hint(e))
                    error_at(e->pos,
                             fmt::format("cannot assign to {} here. Maybe you meant '==' instead of '='?",
                                         expr_name(e)));
            }
        }
        reset(m);
    }
    return e;
}

namespace {

// Tokens after which no operator, trailer or condition can continue an operand: a name or
// number followed by one is the whole expression.
bool ends_operand(Tok t) {
    switch (t) {
    case Tok::Comma:
    case Tok::RPar:
    case Tok::RSqb:
    case Tok::RBrace:
    case Tok::Colon:
    case Tok::Semi:
    case Tok::Newline:
    case Tok::Equal:
    case Tok::PlusEqual:
    case Tok::MinEqual:
    case Tok::StarEqual:
    case Tok::SlashEqual: return true;
    default: return false;
    }
}

// The binary operators' levels, loosest first: `|`, `^`, `&`, shifts, `+ -`, `* / // % @`;
// -1 for any other token.
constexpr int kTermLevel = 5;

int binary_level(Tok t, BinOpKind& op) {
    switch (t) {
    case Tok::VBar: op = BinOpKind::BitOr; return 0;
    case Tok::Circumflex: op = BinOpKind::BitXor; return 1;
    case Tok::Amper: op = BinOpKind::BitAnd; return 2;
    case Tok::LeftShift: op = BinOpKind::LShift; return 3;
    case Tok::RightShift: op = BinOpKind::RShift; return 3;
    case Tok::Plus: op = BinOpKind::Add; return 4;
    case Tok::Minus: op = BinOpKind::Sub; return 4;
    case Tok::Star: op = BinOpKind::Mult; return kTermLevel;
    case Tok::Slash: op = BinOpKind::Div; return kTermLevel;
    case Tok::DoubleSlash: op = BinOpKind::FloorDiv; return kTermLevel;
    case Tok::Percent: op = BinOpKind::Mod; return kTermLevel;
    case Tok::At: op = BinOpKind::MatMult; return kTermLevel;
    default: return -1;
    }
}

} // namespace

// expression: a conditional expression, a lambda, or a disjunction.
Expr* Parser::expression() {
    Nesting guard(*this);
    // One look at the first token (each is() reloads the parser's state).
    const Token& t = at();
    const Tok k = t.kind;
    if (k == Tok::KwLambda) return lambda();
    Start s{t.line, t.col};
    // An expression starting with a name or number starts with its primary: parsed first, it is
    // the whole expression when a closing token follows (most arguments, indices and right-hand
    // sides), without a descent through every operator level that finds no operator.
    Expr* first = nullptr;
    if (k == Tok::Name || k == Tok::Number) {
        first = primary();
        Tok next = kind();
        if (ends_operand(next)) return first;
        // Arithmetic: its operators parsed straight away, the levels above taking the result as
        // their first operand (none of them continues it unless a comparison, `and`, `or` or
        // `if` follows).
        BinOpKind op;
        if (binary_level(next, op) >= 0) {
            first = binary(0, first);
            if (ends_operand(kind())) return first;
        }
    }
    Expr* body = disjunction(first);
    if (!is(Tok::KwIf)) return body;
    take();
    Expr* test = disjunction();
    if (!accept(Tok::KwElse)) {
        if (is(Tok::Colon)) invalid_syntax();
        error_at(Pos{body->pos.line, body->pos.col, test->pos.end_line, test->pos.end_col},
                 "expected 'else' after 'if' expression");
    }
    Expr* orelse = expression();
    auto* e = expr<IfExp>(s);
    e->test = test;
    e->body = body;
    e->orelse = orelse;
    return e;
}

Expr* Parser::lambda() {
    Start s = start();
    take();
    Arguments args;
    arguments(args, false, Tok::Colon);
    expect(Tok::Colon);
    expression();
    return expr<OtherExpr>(s, ExprKind::Lambda);
}

Expr* Parser::disjunction(Expr* first) {
    Start s = start(first);
    Expr* left = conjunction(first);
    if (!is(Tok::KwOr)) return left;
    auto* b = module_->make_expr<BoolOp>();
    b->op = BoolOpKind::Or;
    b->values.push_back(left);
    while (accept(Tok::KwOr)) b->values.push_back(conjunction());
    b->pos = span(s);
    return b;
}

Expr* Parser::conjunction(Expr* first) {
    Start s = start(first);
    Expr* left = inversion(first);
    if (!is(Tok::KwAnd)) return left;
    auto* b = module_->make_expr<BoolOp>();
    b->op = BoolOpKind::And;
    b->values.push_back(left);
    while (accept(Tok::KwAnd)) b->values.push_back(inversion());
    b->pos = span(s);
    return b;
}

Expr* Parser::inversion(Expr* first) {
    if (first || !is(Tok::KwNot)) return comparison(first);
    Nesting guard(*this);
    Start s = start();
    take();
    Expr* operand = inversion();
    auto* u = expr<UnaryOp>(s);
    u->op = UnaryOpKind::Not;
    u->operand = operand;
    return u;
}

// `a < b <= c` is one Compare with two operators.
Expr* Parser::comparison(Expr* first) {
    Start s = start(first);
    Expr* left = binary(0, first);
    Compare* c = nullptr;
    for (;;) {
        CmpOpKind op;
        switch (kind()) {
        case Tok::EqEqual: op = CmpOpKind::Eq; break;
        case Tok::NotEqual: op = CmpOpKind::NotEq; break;
        case Tok::Less: op = CmpOpKind::Lt; break;
        case Tok::LessEqual: op = CmpOpKind::LtE; break;
        case Tok::Greater: op = CmpOpKind::Gt; break;
        case Tok::GreaterEqual: op = CmpOpKind::GtE; break;
        case Tok::KwIn: op = CmpOpKind::In; break;
        case Tok::KwIs: op = kind(1) == Tok::KwNot ? CmpOpKind::IsNot : CmpOpKind::Is; break;
        case Tok::KwNot:
            if (kind(1) != Tok::KwIn) return c ? c : left;
            op = CmpOpKind::NotIn;
            break;
        default:
            if (c) c->pos = span(s);
            return c ? c : left;
        }
        take();
        if (op == CmpOpKind::IsNot || op == CmpOpKind::NotIn) take();
        if (!c) {
            c = module_->make_expr<Compare>();
            c->left = left;
        }
        c->ops.push_back(op);
        c->comparators.push_back(bitwise_or());
        c->pos = span(s);
    }
}

// bitwise_or .. term, the operators of `level` and tighter: `a - b - c` is `(a - b) - c`,
// every BinOp starting at `a`. Precedence climbing: an operand is one factor, not a descent
// through every level (most operands have no operator at all).
Expr* Parser::binary(int level, Expr* first) {
    if (level > kTermLevel) return factor(first);
    Start s = start(first);
    Expr* left = factor(first);
    BinOpKind op = BinOpKind::Add;
    // Operators are taken loosest last: once a looser one is taken, the tighter ones after
    // it belong to its right operand. The chain of one level is built without recursion,
    // each operator one level deeper: stop a hostile one early rather than after building
    // all of it.
    int chain = 0, chain_level = -1;
    for (int l; (l = binary_level(kind(), op)) >= level;) {
        if (l != chain_level) chain = 0, chain_level = l;
        if (++chain > kMaxNesting) too_deep(false);
        take();
        Expr* right = binary(l + 1);
        auto* b = expr<BinOp>(s);
        b->left = left;
        b->op = op;
        b->right = right;
        left = b;
    }
    return left;
}

// Unary operators; `-x**2` is `-(x**2)` because power binds tighter.
Expr* Parser::factor(Expr* first) {
    if (first) return power(first);
    UnaryOpKind op;
    switch (kind()) {
    case Tok::Plus: op = UnaryOpKind::UAdd; break;
    case Tok::Minus: op = UnaryOpKind::USub; break;
    case Tok::Tilde: op = UnaryOpKind::Invert; break;
    default: return power();
    }
    Nesting guard(*this);
    Start s = start();
    take();
    Expr* operand = factor();
    auto* u = expr<UnaryOp>(s);
    u->op = op;
    u->operand = operand;
    return u;
}

// `a ** b`: right-associative through factor, so `2 ** -1` parses.
Expr* Parser::power(Expr* first) {
    Start s = start(first);
    Expr* left = first;
    if (!left && is(Tok::KwAwait)) {
        take();
        primary();
        left = expr<OtherExpr>(s, ExprKind::Await);
    } else if (!left) {
        left = primary();
    }
    if (!is(Tok::DoubleStar)) return left;
    Nesting guard(*this);
    take();
    Expr* right = factor();
    auto* b = expr<BinOp>(s);
    b->left = left;
    b->op = BinOpKind::Pow;
    b->right = right;
    return b;
}

// An atom followed by any number of `.name`, `(args)` and `[slices]`.
Expr* Parser::primary() {
    Start s = start();
    // Most atoms are names: made here, a call into atom() less per name.
    Expr* e = is(Tok::Name) ? expr<Name>(s, lexer_.text(take())) : atom();
    for (int chain = 1;; ++chain) {
        if (chain > kMaxNesting) too_deep(false); // as in binary()
        switch (kind()) {
        case Tok::Dot: {
            take();
            if (!is(Tok::Name)) invalid_syntax();
            Token name = take();
            e = expr<Attribute>(s, e, lexer_.text(name));
            break;
        }
        case Tok::LPar: e = call(s, e); break;
        case Tok::LSqb: e = subscript(s, e); break;
        default: return e;
        }
    }
}

Expr* Parser::atom() {
    Start s = start();
    switch (kind()) {
    case Tok::Name: {
        return expr<Name>(s, lexer_.text(take()));
    }
    case Tok::KwTrue:
    case Tok::KwFalse: {
        Tok k = take().kind;
        auto* c = expr<Constant>(s);
        c->value_kind = Constant::Kind::Bool;
        c->bool_value = k == Tok::KwTrue;
        return c;
    }
    case Tok::KwNone: {
        take();
        return expr<Constant>(s);
    }
    case Tok::Ellipsis: {
        take();
        auto* c = expr<Constant>(s);
        c->value_kind = Constant::Kind::Ellipsis;
        return c;
    }
    case Tok::String: return strings();
    case Tok::Number: return number();
    case Tok::LPar: return paren_atom();
    case Tok::LSqb: return list_atom();
    case Tok::LBrace: return brace_atom();
    default: invalid_syntax();
    }
}

// Adjacent string tokens make one constant ("a" "b" is "ab"); any f-string
// among them makes the whole a JoinedStr.
Expr* Parser::strings() {
    Start s = start();
    size_t first = index_;
    bool any_bytes = false, any_text = false, any_f = false;
    while (is(Tok::String)) {
        StringLiteral lit = split_string_token(lexer_.text(take()));
        (lit.bytes ? any_bytes : any_text) = true;
        any_f = any_f || lit.fstring;
    }
    size_t last = index_;
    // CPython reports these at the token that ends the strings.
    if (any_bytes && any_text) error_at(at(), "cannot mix bytes and nonbytes literals");
    if (any_f) {
        for (size_t i = first; i < last; ++i)
            if (split_string_token(lexer_.text(tokens_[i])).fstring) check_fstring(tokens_[i]);
        return expr<OtherExpr>(s, ExprKind::JoinedStr);
    }
    scratch_.clear();
    std::string error;
    for (size_t i = first; i < last; ++i) {
        const Token& t = tokens_[i];
        StringLiteral lit = split_string_token(lexer_.text(t));
        if (lit.bytes) {
            for (char c : lit.body)
                if (static_cast<unsigned char>(c) >= 0x80)
                    error_at(t, "bytes can only contain ASCII literal characters");
        }
        if (!decode_string(lit, scratch_, error)) error_at(at(), error);
    }
    auto* c = expr<Constant>(s);
    c->value_kind = any_bytes ? Constant::Kind::Bytes : Constant::Kind::Str;
    c->str_value = scratch_;
    return c;
}

Expr* Parser::number() {
    Start s = start();
    Token t = take();
    std::string_view text = lexer_.text(t);
    auto* c = expr<Constant>(s);
    char last = text.back();
    if (last == 'j' || last == 'J') {
        c->value_kind = Constant::Kind::Complex;
        c->float_value = parse_float_literal(text.substr(0, text.size() - 1));
    } else if (is_int_literal(text)) {
        uint64_t v = 0;
        c->value_kind = Constant::Kind::Int;
        if (!parse_int_literal(text, v)) {
            // Python ints have no size limit, but CPython refuses to read decimal
            // literals of more than 4300 digits (sys.int_info.default_max_str_digits).
            size_t digits = 0;
            for (char ch : text) digits += ch != '_';
            bool decimal = text.size() < 2 || text[0] != '0';
            if (decimal && digits > 4300) // CPython gives no column for this one
                fail(t.line, 0,
                     fmt::format("Exceeds the limit (4300 digits) for integer string conversion: value has "
                                 "{} digits; use sys.set_int_max_str_digits() to increase the limit - "
                                 "Consider hexadecimal for huge integer literals to avoid decimal "
                                 "conversion limits.",
                                 digits));
            c->int_literal = std::string(text);
        } else if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
            c->int_is_unsigned = true;
            c->uint_value = v;
        } else {
            c->int_value = static_cast<int64_t>(v);
            c->uint_value = v;
        }
    } else {
        c->value_kind = Constant::Kind::Float;
        c->float_value = parse_float_literal(text);
    }
    return c;
}

// `(...)`: a group (the inner node, its own position), a tuple (spanning the
// parentheses) or a generator expression.
Expr* Parser::paren_atom() {
    Start s = start();
    take();
    if (accept(Tok::RPar)) return expr<Tuple>(s);
    if (is(Tok::KwYield)) {
        Expr* y = yield_expr();
        expect(Tok::RPar);
        return y;
    }
    size_t first_index = index_;
    Expr* first = star_named_expression();
    if (is(Tok::KwFor) || (is(Tok::KwAsync) && kind(1) == Tok::KwFor)) {
        comprehension_clauses();
        expect(Tok::RPar);
        return expr<OtherExpr>(s, ExprKind::GeneratorExp);
    }
    if (is(Tok::Comma)) {
        std::vector<Expr*> elts{first};
        while (accept(Tok::Comma)) {
            if (is(Tok::RPar)) break;
            first_index = index_;
            elts.push_back(star_named_expression());
            if (!is(Tok::Comma) && !is(Tok::RPar)) missing_comma_check(first_index, elts.back());
        }
        expect(Tok::RPar);
        auto* t = expr<Tuple>(s);
        t->elts = std::move(elts);
        return t;
    }
    if (!is(Tok::RPar)) missing_comma_check(first_index, first);
    expect(Tok::RPar);
    if (first->kind == ExprKind::Starred) error_at(first->pos, "cannot use starred expression here");
    return first;
}

Expr* Parser::list_atom() {
    Start s = start();
    take();
    std::vector<Expr*> elts;
    if (!is(Tok::RSqb)) {
        size_t first_index = index_;
        elts.push_back(star_named_expression());
        if (is(Tok::KwFor) || (is(Tok::KwAsync) && kind(1) == Tok::KwFor)) {
            comprehension_clauses();
            expect(Tok::RSqb);
            return expr<OtherExpr>(s, ExprKind::ListComp);
        }
        if (!is(Tok::Comma) && !is(Tok::RSqb)) missing_comma_check(first_index, elts.back());
        while (accept(Tok::Comma)) {
            if (is(Tok::RSqb)) break;
            first_index = index_;
            elts.push_back(star_named_expression());
            if (!is(Tok::Comma) && !is(Tok::RSqb)) missing_comma_check(first_index, elts.back());
        }
    }
    expect(Tok::RSqb);
    auto* l = expr<List>(s);
    l->elts = std::move(elts);
    return l;
}

// `{...}`: dict, set, or their comprehensions. Dicts keep their items; the
// others only their kind and position.
Expr* Parser::brace_atom() {
    Start s = start();
    take();
    if (accept(Tok::RBrace)) return expr<Dict>(s);
    auto is_comprehension = [&] { return is(Tok::KwFor) || (is(Tok::KwAsync) && kind(1) == Tok::KwFor); };
    bool dict;
    std::vector<Expr*> keys, values;
    if (accept(Tok::DoubleStar)) {
        keys.push_back(nullptr);
        values.push_back(bitwise_or());
        dict = true;
    } else {
        size_t first_index = index_;
        Expr* first = star_named_expression();
        dict = accept(Tok::Colon);
        if (dict) {
            Expr* value = expression();
            if (is_comprehension()) {
                comprehension_clauses();
                expect(Tok::RBrace);
                return expr<OtherExpr>(s, ExprKind::DictComp);
            }
            keys.push_back(first);
            values.push_back(value);
        } else {
            if (is_comprehension()) {
                comprehension_clauses();
                expect(Tok::RBrace);
                return expr<OtherExpr>(s, ExprKind::SetComp);
            }
            if (!is(Tok::Comma) && !is(Tok::RBrace)) missing_comma_check(first_index, first);
        }
    }
    while (accept(Tok::Comma)) {
        if (is(Tok::RBrace)) break;
        if (dict) {
            if (accept(Tok::DoubleStar)) {
                keys.push_back(nullptr);
                values.push_back(bitwise_or());
                continue;
            }
            Expr* key = expression();
            if (!accept(Tok::Colon)) {
                if (is(Tok::RBrace) || is(Tok::Comma))
                    error_at(
                        Pos{key->pos.end_line, key->pos.end_col - 1, key->pos.end_line, key->pos.end_col},
                        "':' expected after dictionary key");
                invalid_syntax();
            }
            keys.push_back(key);
            values.push_back(expression());
        } else {
            size_t first_index = index_;
            Expr* e = star_named_expression();
            if (!is(Tok::Comma) && !is(Tok::RBrace)) missing_comma_check(first_index, e);
        }
    }
    expect(Tok::RBrace);
    if (!dict) return expr<OtherExpr>(s, ExprKind::Set);
    auto* d = expr<Dict>(s);
    d->keys = std::move(keys);
    d->values = std::move(values);
    return d;
}

Expr* Parser::yield_expr() {
    Start s = start();
    take();
    if (accept(Tok::KwFrom)) {
        expression();
        return expr<OtherExpr>(s, ExprKind::YieldFrom);
    }
    if (starts_expression()) star_expressions();
    return expr<OtherExpr>(s, ExprKind::Yield);
}

// `func(args)`: positional (possibly `*x`), then keywords and `**x`. A sole
// generator argument spans the call's parentheses, as in CPython.
Expr* Parser::call(Start s, Expr* func) {
    Start paren = start();
    take();
    auto* c = module_->make_expr<Call>();
    c->func = func;
    bool seen_keyword = false, seen_double_star = false;
    // CPython reports a misplaced positional argument after reading the rest.
    const char* misplaced = nullptr;
    while (!is(Tok::RPar)) {
        size_t first_index = index_;
        Expr* last = nullptr;
        const Tok k = kind();
        if (k == Tok::Star) {
            Start a = start();
            take();
            Expr* value = expression();
            auto* st = expr<Starred>(a);
            st->value = value;
            if (seen_double_star)
                error_at(st->pos, "iterable argument unpacking follows keyword argument unpacking");
            c->args.push_back(st);
            last = st;
        } else if (k == Tok::DoubleStar) {
            Start a = start();
            take();
            Expr* value = expression();
            // Made in place: a Keyword's move and destruction cost more than its fields' stores.
            Keyword& k = c->keywords.emplace_back();
            k.value = value;
            k.pos = span(a);
            seen_double_star = true;
            last = value;
        } else if (k == Tok::Name && kind(1) == Tok::Equal) {
            Start a = start();
            std::string_view name = lexer_.text(take());
            take();
            first_index = index_; // the hint below looks at the value
            Expr* value = expression();
            Keyword& k = c->keywords.emplace_back();
            k.arg.assign(name);
            k.value = value;
            k.pos = span(a);
            seen_keyword = true;
            last = value;
        } else {
            if ((k == Tok::KwTrue || k == Tok::KwFalse || k == Tok::KwNone) && kind(1) == Tok::Equal)
                error_at(at(), fmt::format("cannot assign to {}", spelling(k)));
            Expr* e = k == Tok::Name && kind(1) == Tok::ColonEqual ? named_expression() : expression();
            const Tok next = kind();
            if (next == Tok::Equal && e->kind != ExprKind::NamedExpr)
                error_at(e->pos, "expression cannot contain assignment, perhaps you meant \"==\"?");
            if (next == Tok::KwFor || (next == Tok::KwAsync && kind(1) == Tok::KwFor)) {
                comprehension_clauses();
                if (c->args.empty() && c->keywords.empty() && is(Tok::RPar)) {
                    take();
                    c->args.push_back(expr<OtherExpr>(paren, ExprKind::GeneratorExp));
                    c->pos = span(s);
                    return c;
                }
                error_at(Pos{e->pos.line, e->pos.col, end_line_, end_col_},
                         "Generator expression must be parenthesized");
            }
            if (!misplaced && seen_double_star)
                misplaced = "positional argument follows keyword argument unpacking";
            if (!misplaced && seen_keyword) misplaced = "positional argument follows keyword argument";
            // Room for most calls' positional arguments at once, not grown 1, 2, 4.
            if (c->args.empty()) c->args.reserve(4);
            c->args.push_back(e);
            last = e;
        }
        if (!accept(Tok::Comma)) {
            if (!is(Tok::RPar)) missing_comma_check(first_index, last);
            break;
        }
    }
    if (misplaced) error_here(misplaced);
    expect(Tok::RPar);
    c->pos = span(s);
    return c;
}

// `value[...]`: one slice, or a Tuple of them spanning the items (not the brackets).
Expr* Parser::subscript(Start s, Expr* value) {
    take();
    Start items = start();
    size_t first_index = index_;
    Expr* first = slice_item();
    Expr* slice = first;
    // `a[*b]` is `a[(*b,)]`, as in CPython.
    if (is(Tok::Comma) || first->kind == ExprKind::Starred) {
        std::vector<Expr*> elts{first};
        while (accept(Tok::Comma)) {
            if (is(Tok::RSqb)) break;
            first_index = index_;
            elts.push_back(slice_item());
        }
        auto* t = expr<Tuple>(items);
        t->elts = std::move(elts);
        slice = t;
    }
    if (!is(Tok::RSqb) && !is(Tok::Comma)) missing_comma_check(first_index, slice);
    expect(Tok::RSqb);
    auto* sub = expr<Subscript>(s);
    sub->value = value;
    sub->slice = slice;
    return sub;
}

Expr* Parser::slice_item() {
    Start s = start();
    if (is(Tok::Star)) {
        take();
        Expr* value = expression();
        auto* st = expr<Starred>(s);
        st->value = value;
        return st;
    }
    if (is(Tok::Name) && kind(1) == Tok::ColonEqual) return named_expression();
    Expr* lower = nullptr;
    if (!is(Tok::Colon)) {
        lower = expression();
        if (!is(Tok::Colon)) return lower;
    }
    take();
    auto* sl = module_->make_expr<Slice>();
    sl->lower = lower;
    if (!is(Tok::Colon) && !is(Tok::Comma) && !is(Tok::RSqb)) sl->upper = expression();
    if (accept(Tok::Colon) && !is(Tok::Comma) && !is(Tok::RSqb)) sl->step = expression();
    sl->pos = span(s);
    return sl;
}

// `for target in iter if cond ...`, repeated; only checked, not kept.
void Parser::comprehension_clauses() {
    while (is(Tok::KwFor) || (is(Tok::KwAsync) && kind(1) == Tok::KwFor)) {
        accept(Tok::KwAsync);
        take();
        star_targets(true);
        expect(Tok::KwIn);
        disjunction();
        while (accept(Tok::KwIf)) disjunction();
    }
}

// Targets of `for` and comprehensions: `a`, `a.b`, `a[i]`, `(a, b)`, `*a`, ...
// Anything else is reported as CPython's invalid_for_target does.
Expr* Parser::star_targets(bool for_in) {
    Start s = start();
    Mark m = mark();
    auto one = [&](auto& self) -> Expr* {
        if (!is(Tok::Star)) return primary();
        Nesting guard(*this);
        Start a = start();
        take();
        Expr* value = self(self);
        auto* st = expr<Starred>(a);
        st->value = value;
        return st;
    };
    auto starts_target = [&] { return starts_expression() && !is(Tok::KwNot) && !is(Tok::KwLambda); };
    if (!starts_target()) invalid_syntax();
    Expr* result = one(one);
    if (is(Tok::Comma)) {
        std::vector<Expr*> elts{result};
        while (accept(Tok::Comma)) {
            if (!starts_target()) break;
            elts.push_back(one(one));
        }
        auto* t = expr<Tuple>(s);
        t->elts = std::move(elts);
        result = t;
    }
    Expr* bad = invalid_target(result, TargetKind::For);
    if (!bad && for_in && !is(Tok::KwIn)) {
        // Re-read as an expression to find what CPython would name.
        Mark stop = mark();
        reset(m);
        Expr* whole = star_expressions();
        bad = invalid_target(whole, TargetKind::For);
        if (!bad) {
            reset(stop);
            return result;
        }
    }
    if (bad) error_at(bad->pos, fmt::format("cannot assign to {}", expr_name(bad)));
    set_store(result);
    return result;
}

// CPython's "Perhaps you forgot a comma?": inside brackets, an expression
// directly followed by another one.
void Parser::missing_comma_check(size_t first_index, Expr* first) {
    if (!first || !starts_expression() || is(Tok::Star)) return;
    const Token& t0 = tokens_[first_index];
    if (t0.kind == Tok::Name) {
        std::string_view name = lexer_.text(t0);
        if (tokens_[first_index + 1].kind == Tok::String || name == "match" || name == "case" || name == "_")
            return;
    }
    switch (first->kind) {
    case ExprKind::IfExp:
    case ExprKind::Lambda:
    case ExprKind::NamedExpr:
    case ExprKind::Starred:
    case ExprKind::Slice: return;
    default: break;
    }
    Mark m = mark();
    Expr* second = expression();
    if (tokens_[index_ - 1].depth == 0) {
        reset(m);
        return;
    }
    error_at(Pos{first->pos.line, first->pos.col, second->pos.end_line, second->pos.end_col},
             "invalid syntax. Perhaps you forgot a comma?");
}

} // namespace ws::detail
