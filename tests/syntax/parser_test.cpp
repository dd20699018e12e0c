// Tree shapes and positions for the constructs Warp code uses. The expected
// positions are CPython 3.11's (`ast.parse(..., include_attributes)`).
#include "syntax/limits.h"
#include "syntax/parser.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <string>

namespace ws {
namespace {

using namespace ast;

std::unique_ptr<Module> parse(const std::string& text) {
    return parse_module(std::make_shared<SourceFile>("t.py", text));
}

std::string repeat(const std::string& s, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += s;
    return out;
}

std::string pos(const Pos& p) {
    return fmt::format("{}:{}-{}:{}", p.line, p.col, p.end_line, p.end_col);
}

// A compact prefix form of an expression, for precedence checks.
std::string sexp(const Expr* e) {
    if (!e) return "_";
    switch (e->kind) {
    case ExprKind::Name: return std::string(as<Name>(e)->id);
    case ExprKind::Constant: {
        auto* c = as<Constant>(e);
        switch (c->value_kind) {
        case Constant::Kind::Int: return std::to_string(c->int_value);
        case Constant::Kind::Str: return "'" + c->str_value + "'";
        case Constant::Kind::Bool: return c->bool_value ? "True" : "False";
        case Constant::Kind::None: return "None";
        default: return "const";
        }
    }
    case ExprKind::BinOp: {
        auto* b = as<BinOp>(e);
        return fmt::format("({} {} {})", name_of(b->op), sexp(b->left), sexp(b->right));
    }
    case ExprKind::UnaryOp:
        return fmt::format("({} {})", name_of(as<UnaryOp>(e)->op), sexp(as<UnaryOp>(e)->operand));
    case ExprKind::BoolOp: {
        auto* b = as<BoolOp>(e);
        std::string s = fmt::format("({}", name_of(b->op));
        for (auto* v : b->values) s += " " + sexp(v);
        return s + ")";
    }
    case ExprKind::Compare: {
        auto* c = as<Compare>(e);
        std::string s = "(Compare " + sexp(c->left);
        for (size_t i = 0; i < c->ops.size(); ++i)
            s += fmt::format(" {} {}", name_of(c->ops[i]), sexp(c->comparators[i]));
        return s + ")";
    }
    case ExprKind::IfExp: {
        auto* i = as<IfExp>(e);
        return fmt::format("(IfExp {} {} {})", sexp(i->test), sexp(i->body), sexp(i->orelse));
    }
    case ExprKind::Attribute:
        return fmt::format("{}.{}", sexp(as<Attribute>(e)->value), as<Attribute>(e)->attr);
    case ExprKind::Call: {
        auto* c = as<Call>(e);
        std::string s = "(Call " + sexp(c->func);
        for (auto* a : c->args) s += " " + sexp(a);
        for (auto& k : c->keywords) s += fmt::format(" {}={}", k.arg.empty() ? "**" : k.arg, sexp(k.value));
        return s + ")";
    }
    case ExprKind::Subscript:
        return fmt::format("(Subscript {} {})", sexp(as<Subscript>(e)->value), sexp(as<Subscript>(e)->slice));
    case ExprKind::Slice: {
        auto* s = as<Slice>(e);
        return fmt::format("(Slice {} {} {})", sexp(s->lower), sexp(s->upper), sexp(s->step));
    }
    case ExprKind::Tuple:
    case ExprKind::List: {
        auto& elts = e->kind == ExprKind::Tuple ? as<Tuple>(e)->elts : as<List>(e)->elts;
        std::string s = e->kind == ExprKind::Tuple ? "(Tuple" : "(List";
        for (auto* x : elts) s += " " + sexp(x);
        return s + ")";
    }
    case ExprKind::Starred: return "*" + sexp(as<Starred>(e)->value);
    default: return name_of(e->kind);
    }
}

// The expression of a one-line expression statement.
std::string expr_of(const std::string& text) {
    auto m = parse(text + "\n");
    EXPECT_EQ(m->body.size(), 1u);
    EXPECT_EQ(m->body[0]->kind, StmtKind::Expr);
    return sexp(as<ExprStmt>(m->body[0])->value);
}

const Expr* value_of(const Module& m, size_t i = 0) {
    return as<ExprStmt>(m.body[i])->value;
}

TEST(Parser, ArithmeticPrecedence) {
    EXPECT_EQ(expr_of("a + b * c"), "(Add a (Mult b c))");
    EXPECT_EQ(expr_of("a - b - c"), "(Sub (Sub a b) c)");
    EXPECT_EQ(expr_of("-x**2"), "(USub (Pow x 2))");
    EXPECT_EQ(expr_of("a**b**c"), "(Pow a (Pow b c))");
    EXPECT_EQ(expr_of("2**-1"), "(Pow 2 (USub 1))");
    EXPECT_EQ(expr_of("a @ b // c % d / e"), "(Div (Mod (FloorDiv (MatMult a b) c) d) e)");
    EXPECT_EQ(expr_of("a | b ^ c & d << e"), "(BitOr a (BitXor b (BitAnd c (LShift d e))))");
    EXPECT_EQ(expr_of("~a + -b"), "(Add (Invert a) (USub b))");
}

TEST(Parser, BooleanAndComparisons) {
    EXPECT_EQ(expr_of("a or b and not c"), "(Or a (And b (Not c)))");
    EXPECT_EQ(expr_of("a and b and c"), "(And a b c)");
    EXPECT_EQ(expr_of("a < b <= c"), "(Compare a Lt b LtE c)");
    EXPECT_EQ(expr_of("a is not b"), "(Compare a IsNot b)");
    EXPECT_EQ(expr_of("a not in b == c"), "(Compare a NotIn b Eq c)");
    EXPECT_EQ(expr_of("not a == b"), "(Not (Compare a Eq b))");
    EXPECT_EQ(expr_of("a if b else c if d else e"), "(IfExp b a (IfExp d c e))");
}

TEST(Parser, Primaries) {
    EXPECT_EQ(expr_of("wp.vec3(1, y=2)"), "(Call wp.vec3 1 y=2)");
    EXPECT_EQ(expr_of("f(*a, **k)"), "(Call f *a **=k)");
    EXPECT_EQ(expr_of("a[i, j]"), "(Subscript a (Tuple i j))");
    EXPECT_EQ(expr_of("a[1:2, ::3]"), "(Subscript a (Tuple (Slice 1 2 _) (Slice _ _ 3)))");
    EXPECT_EQ(expr_of("a[:]"), "(Subscript a (Slice _ _ _))");
    EXPECT_EQ(expr_of("a[*b]"), "(Subscript a (Tuple *b))");
    EXPECT_EQ(expr_of("x.y.z(0)[1]"), "(Subscript (Call x.y.z 0) 1)");
    EXPECT_EQ(expr_of("(a, b)"), "(Tuple a b)");
    EXPECT_EQ(expr_of("()"), "(Tuple)");
    EXPECT_EQ(expr_of("[a, *b]"), "(List a *b)");
    EXPECT_EQ(expr_of("((a))"), "a");
}

TEST(Parser, OtherExpressionsKeepKindAndPosition) {
    auto m = parse(
        "lambda x: x\n{1: 2}\n{1}\n[x for x in y]\n{x for x in y}\n{k: v for k, v in y}\n(x for x in y)\n"
        "f'{x}'\n(y := 1)\nawait z\n");
    const ExprKind want[] = {ExprKind::Lambda,       ExprKind::Dict,      ExprKind::Set,
                             ExprKind::ListComp,     ExprKind::SetComp,   ExprKind::DictComp,
                             ExprKind::GeneratorExp, ExprKind::JoinedStr, ExprKind::NamedExpr,
                             ExprKind::Await};
    ASSERT_EQ(m->body.size(), std::size(want));
    for (size_t i = 0; i < std::size(want); ++i) EXPECT_EQ(value_of(*m, i)->kind, want[i]) << i;
    EXPECT_EQ(pos(value_of(*m, 8)->pos), "9:1-9:7");
}

TEST(Parser, ParenthesizedPositions) {
    auto m = parse("(a + b) * c\n");
    auto* mul = as<BinOp>(value_of(*m));
    EXPECT_EQ(pos(mul->pos), "1:0-1:11");
    EXPECT_EQ(pos(mul->left->pos), "1:1-1:6"); // the inner node keeps its own span
    EXPECT_EQ(pos(m->body[0]->pos), "1:0-1:11");
}

TEST(Parser, TuplePositions) {
    auto m = parse("x = 1, 2,\ny = (1, 2)\nz[i, j]\n");
    EXPECT_EQ(pos(as<Assign>(m->body[0])->value->pos), "1:4-1:9");  // includes the trailing comma
    EXPECT_EQ(pos(as<Assign>(m->body[1])->value->pos), "2:4-2:10"); // includes the parentheses
    EXPECT_EQ(pos(as<Subscript>(value_of(*m, 2))->slice->pos), "3:2-3:6");
}

TEST(Parser, CallAttributeAndKeywordPositions) {
    auto m = parse("wp.tid(a, k = 2)\n");
    auto* call = as<Call>(value_of(*m));
    EXPECT_EQ(pos(call->pos), "1:0-1:16");
    EXPECT_EQ(pos(call->func->pos), "1:0-1:6");
    EXPECT_EQ(pos(call->keywords[0].pos), "1:10-1:15");
}

TEST(Parser, GeneratorArgumentSpansTheCallParentheses) {
    auto m = parse("f(x for x in y)\n");
    EXPECT_EQ(pos(as<Call>(value_of(*m))->args[0]->pos), "1:1-1:15");
}

TEST(Parser, Constants) {
    auto m = parse("-1\n'a' 'b'\n18446744073709551615\n1.5\n2j\nNone\n...\nb'x'\n");
    auto* neg = as<UnaryOp>(value_of(*m, 0));
    EXPECT_EQ(neg->op, UnaryOpKind::USub);
    EXPECT_EQ(as<Constant>(neg->operand)->int_value, 1);
    auto* s = as<Constant>(value_of(*m, 1));
    EXPECT_EQ(s->str_value, "ab");
    EXPECT_EQ(pos(s->pos), "2:0-2:7");
    auto* big = as<Constant>(value_of(*m, 2));
    EXPECT_TRUE(big->int_is_unsigned);
    EXPECT_EQ(big->uint_value, 18446744073709551615ull);
    EXPECT_TRUE(big->int_literal.empty());
    // Past 64 bits a literal keeps its text (Python ints are arbitrary precision).
    auto m2 = parse("0x1_0000_0000_0000_0000\n18446744073709551616\n");
    EXPECT_EQ(as<Constant>(value_of(*m2, 0))->int_literal, "0x1_0000_0000_0000_0000");
    EXPECT_EQ(as<Constant>(value_of(*m2, 1))->int_literal, "18446744073709551616");
    EXPECT_EQ(as<Constant>(value_of(*m, 3))->float_value, 1.5);
    EXPECT_EQ(as<Constant>(value_of(*m, 4))->value_kind, Constant::Kind::Complex);
    EXPECT_EQ(as<Constant>(value_of(*m, 5))->value_kind, Constant::Kind::None);
    EXPECT_EQ(as<Constant>(value_of(*m, 6))->value_kind, Constant::Kind::Ellipsis);
    EXPECT_EQ(as<Constant>(value_of(*m, 7))->value_kind, Constant::Kind::Bytes);
}

TEST(Parser, FunctionDefinition) {
    auto m = parse("@wp.func\n@deco(1)\ndef f(a: int, b=2, *args: float, c, d=3, **kw) -> wp.vec3:\n"
                   "    \"\"\"doc\"\"\"\n    return a\n");
    auto* f = as<FunctionDef>(m->body[0]);
    EXPECT_EQ(f->name, "f");
    EXPECT_EQ(f->first_line, 1);
    EXPECT_EQ(pos(f->pos), "3:0-5:12");
    ASSERT_EQ(f->decorators.size(), 2u);
    EXPECT_EQ(pos(f->decorators[1]->pos), "2:1-2:8");
    ASSERT_EQ(f->args.args.size(), 2u);
    EXPECT_EQ(pos(f->args.args[0].pos), "3:6-3:12");
    EXPECT_EQ(sexp(f->args.args[0].annotation), "int");
    ASSERT_EQ(f->args.defaults.size(), 1u);
    ASSERT_NE(f->args.vararg, nullptr);
    EXPECT_EQ(f->args.vararg->name, "args");
    EXPECT_EQ(pos(f->args.vararg->pos), "3:20-3:31");
    ASSERT_EQ(f->args.kwonlyargs.size(), 2u);
    EXPECT_EQ(f->args.kw_defaults[0], nullptr);
    EXPECT_EQ(sexp(f->args.kw_defaults[1]), "3");
    EXPECT_EQ(f->args.kwarg->name, "kw");
    EXPECT_EQ(sexp(f->returns), "wp.vec3");
    ASSERT_EQ(f->body.size(), 2u);
    EXPECT_EQ(as<Constant>(as<ExprStmt>(f->body[0])->value)->str_value, "doc");
    EXPECT_EQ(f->body[1]->kind, StmtKind::Return);
}

TEST(Parser, PositionalOnlyParameters) {
    auto m = parse("def f(a, /, b, *, c): pass\n");
    auto* f = as<FunctionDef>(m->body[0]);
    EXPECT_EQ(f->args.posonlyargs.size(), 1u);
    EXPECT_EQ(f->args.args.size(), 1u);
    EXPECT_EQ(f->args.kwonlyargs.size(), 1u);
    EXPECT_EQ(f->args.vararg, nullptr);
}

TEST(Parser, StructClass) {
    auto m =
        parse("@wp.struct\nclass Particle(Base, metaclass=M):\n    pos: wp.vec3\n    mass: float = 1.0\n");
    auto* c = as<ClassDef>(m->body[0]);
    EXPECT_EQ(c->name, "Particle");
    EXPECT_EQ(c->first_line, 1);
    EXPECT_EQ(pos(c->pos), "2:0-4:21");
    EXPECT_EQ(c->bases.size(), 1u);
    EXPECT_EQ(c->keywords[0].arg, "metaclass");
    auto* field = as<AnnAssign>(c->body[0]);
    EXPECT_EQ(sexp(field->target), "pos");
    EXPECT_EQ(as<Name>(field->target)->ctx, ExprContext::Store);
    EXPECT_EQ(sexp(field->annotation), "wp.vec3");
    EXPECT_TRUE(field->simple);
    EXPECT_EQ(sexp(as<AnnAssign>(c->body[1])->value), "const");
}

TEST(Parser, Assignments) {
    auto m = parse("a = b = c\nx, y = f()\ni += 1\n(z): int\nq[0] **= 2\n[p, *r] = s\n");
    auto* chain = as<Assign>(m->body[0]);
    ASSERT_EQ(chain->targets.size(), 2u);
    EXPECT_EQ(sexp(chain->value), "c");
    auto* tuple = as<Assign>(m->body[1]);
    EXPECT_EQ(sexp(tuple->targets[0]), "(Tuple x y)");
    EXPECT_EQ(as<Tuple>(tuple->targets[0])->ctx, ExprContext::Store);
    EXPECT_EQ(as<Name>(as<Tuple>(tuple->targets[0])->elts[1])->ctx, ExprContext::Store);
    auto* aug = as<AugAssign>(m->body[2]);
    EXPECT_EQ(aug->op, BinOpKind::Add);
    EXPECT_FALSE(as<AnnAssign>(m->body[3])->simple); // parenthesized target
    EXPECT_EQ(as<AugAssign>(m->body[4])->op, BinOpKind::Pow);
    EXPECT_EQ(as<Subscript>(as<AugAssign>(m->body[4])->target)->ctx, ExprContext::Store);
    auto* list = as<List>(as<Assign>(m->body[5])->targets[0]);
    EXPECT_EQ(as<Starred>(list->elts[1])->ctx, ExprContext::Store);
}

TEST(Parser, ControlFlow) {
    auto m = parse("for i in range(3):\n    if i:\n        continue\n    elif j:\n        break\n    else:\n"
                   "        pass\nelse:\n    pass\nwhile x < 1:\n    x += 1\nelse:\n    y = 2\n");
    auto* f = as<For>(m->body[0]);
    EXPECT_EQ(sexp(f->target), "i");
    EXPECT_EQ(as<Name>(f->target)->ctx, ExprContext::Store);
    EXPECT_EQ(f->orelse.size(), 1u);
    EXPECT_EQ(pos(f->pos), "1:0-9:8");
    auto* i = as<If>(f->body[0]);
    EXPECT_EQ(pos(i->pos), "2:4-7:12");
    ASSERT_EQ(i->orelse.size(), 1u);
    auto* elif = as<If>(i->orelse[0]);
    EXPECT_EQ(pos(elif->pos), "4:4-7:12"); // starts at `elif`
    EXPECT_EQ(elif->orelse[0]->kind, StmtKind::Pass);
    auto* w = as<While>(m->body[1]);
    EXPECT_EQ(sexp(w->test), "(Compare x Lt 1)");
    EXPECT_EQ(w->orelse.size(), 1u);
}

TEST(Parser, CompoundStatementEndsAtLastToken) {
    auto m = parse("if a:\n    b = 1  # comment\n\n# another\n");
    EXPECT_EQ(pos(m->body[0]->pos), "1:0-2:9");
}

TEST(Parser, ImportsAndAssert) {
    auto m =
        parse("import warp as wp, numpy\nfrom ..a.b import (c as d, e,)\nfrom . import *\nassert x, 'msg'\n");
    auto* imp = as<Import>(m->body[0]);
    EXPECT_EQ(imp->names[0].name, "warp");
    EXPECT_EQ(imp->names[0].asname, "wp");
    EXPECT_EQ(pos(imp->names[0].pos), "1:7-1:17");
    auto* from = as<ImportFrom>(m->body[1]);
    EXPECT_EQ(from->module, "a.b");
    EXPECT_EQ(from->level, 2);
    EXPECT_EQ(from->names.size(), 2u);
    EXPECT_EQ(pos(from->pos), "2:0-2:30");
    EXPECT_EQ(as<ImportFrom>(m->body[2])->names[0].name, "*");
    EXPECT_EQ(sexp(as<Assert>(m->body[3])->msg), "'msg'");
}

TEST(Parser, UnsupportedStatementsAreKeptByKind) {
    auto m =
        parse("try:\n    x = 1\nexcept E as e:\n    raise\nfinally:\n    pass\n"
              "with open(f) as g, h:\n    pass\nglobal a\ndel a[0], b\nasync def f():\n    await g\n"
              "match p:\n    case [1, *rest] if rest:\n        pass\n    case _:\n        pass\nx = 2\n");
    const StmtKind want[] = {
        StmtKind::Try,   StmtKind::With,  StmtKind::Global, StmtKind::Delete, StmtKind::AsyncFunctionDef,
        StmtKind::Match, StmtKind::Assign};
    ASSERT_EQ(m->body.size(), std::size(want));
    for (size_t i = 0; i < std::size(want); ++i) EXPECT_EQ(m->body[i]->kind, want[i]) << i;
    EXPECT_EQ(pos(m->body[0]->pos), "1:0-6:8");
    EXPECT_EQ(pos(m->body[5]->pos), "13:0-17:12");
}

TEST(Parser, FStrings) {
    auto m = parse(R"(f'{x!r:>{width}.{prec}}' f"{x=}" 'tail'
f'{a!=b}{{}}{d["k"]:%H:%M}'
f'''{
x
}'''
)");
    ASSERT_EQ(m->body.size(), 3u);
    for (auto* s : m->body) EXPECT_EQ(as<ExprStmt>(s)->value->kind, ExprKind::JoinedStr);
    EXPECT_EQ(pos(value_of(*m, 0)->pos), "1:0-1:39");
    EXPECT_EQ(pos(value_of(*m, 2)->pos), "3:0-5:4");
}

TEST(Parser, MatchIsASoftKeyword) {
    auto m = parse("match = re.match(p)\nmatch(x)\nmatch.group(1)\n");
    EXPECT_EQ(m->body[0]->kind, StmtKind::Assign);
    EXPECT_EQ(m->body[1]->kind, StmtKind::Expr);
    EXPECT_EQ(m->body[2]->kind, StmtKind::Expr);
}

TEST(Parser, SemicolonsAndOneLineBlocks) {
    auto m = parse("a = 1; b = 2;\nif x: y = 1; z = 2\n");
    EXPECT_EQ(m->body.size(), 3u);
    EXPECT_EQ(as<If>(m->body[2])->body.size(), 2u);
}

TEST(Parser, SourceSegment) {
    std::string text = "def f(x):\n    return (x +\n            1)\n";
    auto source = std::make_shared<SourceFile>("t.py", text);
    auto m = parse_module(source);
    auto* ret = as<Return>(as<FunctionDef>(m->body[0])->body[0]);
    EXPECT_EQ(source_segment(*source, ret->value->pos), "x +\n            1");
    EXPECT_EQ(source_segment(*source, ret->pos), "return (x +\n            1)");
    EXPECT_EQ(m->source.get(), source.get());

    auto bom = std::make_shared<SourceFile>("b.py", "\xEF\xBB\xBFy = 1\n");
    auto mb = parse_module(bom);
    EXPECT_EQ(pos(mb->body[0]->pos), "1:0-1:5");
    EXPECT_EQ(source_segment(*bom, mb->body[0]->pos), "y = 1");
}

TEST(Parser, TabsAndContinuationLines) {
    auto m = parse("if a:\n\tx = [1,\n  2]\n\ty = 1 + \\\n 2\n");
    auto* i = as<If>(m->body[0]);
    ASSERT_EQ(i->body.size(), 2u);
    EXPECT_EQ(pos(i->body[0]->pos), "2:1-3:4");
    EXPECT_EQ(pos(i->body[1]->pos), "4:1-5:2");
}

// Hostile input must give an error, not exhaust the stack.
TEST(Parser, DeepNestingIsBounded) {
    EXPECT_NO_THROW(parse("x = " + std::string(900, '-') + "1\n"));
    for (std::string deep :
         {"x = " + std::string(200000, '-') + "1\n", "x = " + repeat("not ", 5000) + "y\n",
          "x = " + repeat("lambda: ", 5000) + "y\n", "x = " + repeat("a if b else ", 5000) + "c\n",
          "x = " + repeat("a**", 5000) + "a\n", "for " + repeat("* ", 5000) + "a in b: pass\n"}) {
        try {
            parse(deep);
            ADD_FAILURE() << "accepted " << deep.substr(0, 20);
        } catch (const CompileError& e) {
            EXPECT_NE(e.message().find("nested too deeply"), std::string::npos) << e.message();
        }
    }
}

// Chains the parser builds in loops, and elif chains, are bounded too: the whole
// tree's depth is checked, with LimitError (exit status 6 in the CLI).
TEST(Parser, TreeDepthIsBounded) {
    EXPECT_NO_THROW(parse("x = " + repeat("a + ", 990) + "a\n"));
    EXPECT_NO_THROW(parse("x = v" + repeat(".x", 990) + "\n"));
    EXPECT_NO_THROW(parse("if a:\n    pass\n" + repeat("elif a:\n    pass\n", 990)));
    for (std::string deep : {"x = " + repeat("a + ", 9700) + "a\n", "x = v" + repeat(".x", 5000) + "\n",
                             "x = f" + repeat("()", 5000) + "\n", "x = a" + repeat("[0]", 5000) + "\n",
                             "if a:\n    pass\n" + repeat("elif a:\n    pass\n", 5000),
                             // Neither chain is over the limit, together they are.
                             "x = (" + repeat("a + ", 600) + "a)" + repeat(" * b", 500) + "\n"}) {
        try {
            parse(deep);
            ADD_FAILURE() << "accepted " << deep.substr(0, 20);
        } catch (const LimitError& e) {
            EXPECT_NE(e.message().find("nested too deeply"), std::string::npos) << e.message();
        }
    }
}

TEST(Parser, TopLevelDefinitionsAreBounded) {
    EXPECT_NO_THROW(parse(repeat("def f():\n    pass\n", 10000)));
    EXPECT_THROW(parse(repeat("def f():\n    pass\n", 10001)), LimitError);
}

// CPython's compiler refuses a 21st nested loop, with or try block in one function.
TEST(Parser, StaticallyNestedBlocks) {
    // `n` nested loops under `head`, the first at `indent` spaces.
    auto loops = [](int n, const std::string& head, int indent) {
        std::string s = head;
        for (int d = 0; d < n; ++d) s += std::string(indent + 4 * d, ' ') + "while x:\n";
        return s + std::string(indent + 4 * n, ' ') + "pass\n";
    };
    EXPECT_NO_THROW(parse(loops(20, "def f():\n", 4)));
    try {
        parse(loops(21, "def f():\n", 4));
        ADD_FAILURE() << "21 nested loops accepted";
    } catch (const CompileError& e) {
        EXPECT_EQ(e.message(), "too many statically nested blocks");
        EXPECT_EQ(e.line(), 22);
        EXPECT_EQ(e.col(), 85);
    }
    // A nested function starts its own count; an `except` clause counts two.
    EXPECT_NO_THROW(parse(loops(20, "def f():\n    while x:\n        def g():\n", 12)));
    EXPECT_THROW(parse(loops(19, "def f():\n    try:\n        pass\n    except E:\n", 8)), CompileError);
    EXPECT_NO_THROW(parse(loops(18, "def f():\n    try:\n        pass\n    except E:\n", 8)));
}

TEST(Parser, NamesNodesAndOperators) {
    EXPECT_STREQ(name_of(ExprKind::ListComp), "ListComp");
    EXPECT_STREQ(name_of(StmtKind::AsyncWith), "AsyncWith");
    EXPECT_STREQ(name_of(BinOpKind::FloorDiv), "FloorDiv");
    EXPECT_STREQ(name_of(CmpOpKind::NotIn), "NotIn");
    EXPECT_STREQ(name_of(UnaryOpKind::Invert), "Invert");
    EXPECT_STREQ(name_of(BoolOpKind::Or), "Or");
}

} // namespace
} // namespace ws
