// Builder primitives: variables, blocks, statements, loads, comments,
// returns, if/else, for and while scaffolding. These follow Warp's Adjoint
// method for method; the statement text and the order of variables are the
// output, so every detail (indentation, label numbering, replay copies) matters.
#include "codegen/adjoint.h"

#include "codegen/line_copy.h"
#include "codegen/module_builder.h"
#include "codegen/module_scope.h"
#include "codegen/text.h"
#include "types/scratch_vector.h"
#include "types/str_cat.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <fmt/format.h>

namespace ws {

namespace {

// The vectors every Adjoint fills, handed back emptied with their capacity kept: grown afresh,
// they cost each function and kernel about ten allocations.
struct SpareVectors {
    std::vector<Var*> args, variables;
    std::vector<std::unique_ptr<Block>> blocks;
    std::vector<UserFunction*> called_user_functions;
    std::vector<std::string_view> builtins_used;
};

std::vector<SpareVectors>& spare_vectors() {
    thread_local std::vector<SpareVectors> pool;
    return pool;
}

} // namespace

Adjoint::Adjoint(const FunctionSource& source, ModuleBuilder* b, bool user_function)
    : src(source), builder(b), is_user_function(user_function) {
    auto& pool = spare_vectors();
    if (pool.empty()) return;
    SpareVectors& spare = pool.back();
    args = std::move(spare.args);
    variables = std::move(spare.variables);
    blocks = std::move(spare.blocks);
    called_user_functions = std::move(spare.called_user_functions);
    builtins_used = std::move(spare.builtins_used);
    pool.pop_back();
}

Adjoint::~Adjoint() {
    for (auto& b : blocks) recycle_block(std::move(b));
    constexpr size_t kKept = 16; // a few modules' functions
    auto& pool = spare_vectors();
    if (pool.size() >= kKept) return;
    args.clear();
    variables.clear();
    blocks.clear();
    called_user_functions.clear();
    builtins_used.clear();
    pool.push_back({std::move(args), std::move(variables), std::move(blocks),
                    std::move(called_user_functions), std::move(builtins_used)});
}

namespace {

// Blocks handed back, emptied with their buffers' capacity kept: a new block's three text
// buffers and line ends cost six allocations, for every function body and loop.
std::vector<std::unique_ptr<Block>>& block_pool() {
    thread_local std::vector<std::unique_ptr<Block>> pool;
    return pool;
}

std::unique_ptr<Block> new_block() {
    auto& pool = block_pool();
    if (pool.empty()) return std::make_unique<Block>();
    std::unique_ptr<Block> b = std::move(pool.back());
    pool.pop_back();
    return b;
}

} // namespace

void Adjoint::recycle_block(std::unique_ptr<Block> block) {
    constexpr size_t kKept = 32; // a few functions' worth, nested loops included
    auto& pool = block_pool();
    if (!block || pool.size() >= kKept) return;
    block->body_forward.clear();
    block->body_replay.clear();
    block->body_reverse.clear();
    block->vars.clear();
    block->label.clear();
    pool.push_back(std::move(block));
}

void Adjoint::fail_at(const Pos& pos, const std::string& message) const {
    throw CompileError(
        src.scope->source().path(), pos.line, pos.col + 1,
        fmt::format("in {} '{}': {}", is_user_function ? "function" : "kernel", src.key, message));
}
void Adjoint::fail(const ast::Expr* node, const std::string& message) const {
    fail_at(node->pos, message);
}
void Adjoint::fail(const ast::Stmt* node, const std::string& message) const {
    fail_at(node->pos, message);
}

Var* Adjoint::add_var(TypeRef type, const Constant* constant) {
    // Tile stacks: supported in the straight body of a kernel only.
    if (type && type->is_tile_stack() && (is_user_function || blocks.size() > 1))
        fail_at(current_pos_,
                "tile stacks inside a @wp.func, a branch or a dynamic loop are not supported by warpsynth");
    builder->count_variable(builder->scope().source(), current_pos_);
    Var& v = var_storage_.emplace_back();
    // The label written in place (std::to_string's temporary cost a copy), a digit at a time:
    // assign() copied its few digits by a call of memcpy.
    char digits[20];
    const char* end = std::to_chars(digits, digits + sizeof digits, variables.size()).ptr;
    for (const char* d = digits; d != end; ++d) v.label.push_back(*d);
    v.type = type;
    if (constant) v.constant.emplace(*constant);
    v.relative_lineno = lineno_.value_or(-1);
    variables.push_back(&v);
    blocks.back()->vars.push_back(&v);
    if (type && type->is_tile()) v.set_extras().tile_cell = std::make_shared<TileCell>(TileCell{{&v}});
    return &v;
}

Var* Adjoint::add_constant(const Constant& c) {
    Var* v = add_var(c.type, &c);
    // Warp prints constants with constant_str, which raises for some values:
    // checked once the body is lowered, as a retyped 64-bit literal is not printed so.
    if (constant_str_error(c, builder->scope().runtime_loaded())) unprintable_.push_back({v, current_pos_});
    return v;
}

void Adjoint::add_forward(std::string statement, std::optional<std::string> replay, bool skip_replay) {
    Block& b = *blocks.back();
    if (!skip_replay) b.body_replay.add(indentation_, replay ? *replay : statement);
    b.body_forward.add(indentation_, statement);
}

void Adjoint::add_reverse(std::string statement) {
    blocks.back()->body_reverse.add(indentation_, statement);
}

// Warp's store_ref_param_value: `x = v` / `x += v` on a wp.ref[T] parameter writes
// through the pointer instead of rebinding the name.
void Adjoint::store_ref_param(std::string_view name, Var* value, bool augmented, const Pos& where) {
    const Var* ref = symbols.find(name)->var;
    value = load(value);
    TypeRef target = ref->type->elem;
    if (value->type != target)
        fail_at(where, augmented
                           ? fmt::format("Error, augmented assignment to ref parameter `{}` ({}) produces "
                                         "different type ({})",
                                         name, target->repr, value->type->repr)
                           : fmt::format("Error, assigning to ref parameter '{}' ({}) with value of "
                                         "different type ({})",
                                         name, target->repr, value->type->repr));
    add_forward(cat("*", ref->emit(), " = ", value->emit(), ";"));
}

Block* Adjoint::begin_block(const std::string& name) {
    auto b = new_block();
    append(b->label, name, "_", label_count_++);
    blocks.push_back(std::move(b));
    return blocks.back().get();
}

std::unique_ptr<Block> Adjoint::end_block() {
    auto b = std::move(blocks.back());
    blocks.pop_back();
    return b;
}

namespace {

// A line comment: the indentation, `opening`, the source text and its padding, `closing`, the
// line number and '>'. Text and padding (up to 64 bytes each, usually) copied inline by 16-byte
// moves: appended as pieces, each took a call of memcpy.
[[gnu::always_inline]] inline void comment_line(Lines& lines, std::string_view indent,
                                                std::string_view opening, std::string_view text,
                                                std::string_view fill, std::string_view closing,
                                                std::string_view shown) {
    using str_cat_detail::put, str_cat_detail::put_line;
    TextBuffer& out = lines.line_buffer();
    char* p = out.extend(indent.size() + opening.size() + text.size() + fill.size() + closing.size() +
                         shown.size() + 1);
    p = put(p, indent.data(), indent.size());
    p = put(p, opening.data(), opening.size());
    p = put_line(p, text.data(), text.size());
    p = put_line(p, fill.data(), fill.size());
    p = put(p, closing.data(), closing.size());
    p = put(p, shown.data(), shown.size());
    *p = '>';
    lines.end_line();
}

} // namespace

void Adjoint::start_line(int lineno) {
    std::string_view text = strip_python(src.scope->source().line(lineno + src.fun_lineno));
    int pad = 80 - static_cast<int>(indentation_.size()) - codepoint_count(text); // str.ljust
    static constexpr std::string_view spaces = "                                        "
                                               "                                        ";
    std::string_view fill = spaces.substr(0, static_cast<size_t>(std::max(pad, 0)));
    // The line number printed once for both comments.
    const str_cat_detail::Digits shown = str_cat_detail::view(lineno + src.display_lineno);
    // Written in place (as add_forward and add_reverse would), the replay a copy of the forward.
    Block& b = *blocks.back();
    comment_line(b.body_forward, indentation_, "// ", text, fill, "       <L ", shown);
    std::string_view forward = b.body_forward[b.body_forward.size() - 1];
    TextBuffer& replay = b.body_replay.line_buffer();
    append_line(replay, forward);
    b.body_replay.end_line();
    comment_line(b.body_reverse, indentation_, "// adj: ", text, fill, "  <L ", shown);
    lineno_ = lineno;
}

// The operands loaded first (in the order Warp loads them), then the statement written in place
// into the forward line and copied to the replay: built as a string, it cost an allocation.
Var* Adjoint::add_comp(std::span<const char* const> ops, Var* left, std::span<Var* const> comps) {
    Var* output = add_var(types::boolean());
    left = load(left);
    ScratchVector<Var*> loaded_s; // per comparison: the previous operand (null for the first), this one
    std::vector<Var*>& loaded = *loaded_s;
    Var* prev = nullptr;
    for (size_t k = 0; k < ops.size(); ++k) {
        Var* comp = comps[k];
        if (prev) {
            if (prev->type != comp->type)
                fail_at(current_pos_, fmt::format("cannot chain comparisons of unequal types: {} {} {}",
                                                  prev->type->repr, ops[k], comp->type->repr));
            prev = load(prev);
        }
        loaded.push_back(prev);
        prev = load(comp);
        loaded.push_back(prev);
    }
    Block& b = *blocks.back();
    TextBuffer& s = b.body_forward.line_buffer();
    s += indentation_;
    const size_t start = s.size();
    append(s, output->emit(), " = ");
    for (size_t k = 0; k < comps.size(); ++k) s += '(';
    append(s, left->emit(), ' ');
    for (size_t k = 0; k < ops.size(); ++k) {
        if (const Var* p = loaded[2 * k])
            append(s, "&& (", p->emit(), ' ', ops[k], ' ', loaded[2 * k + 1]->emit(), ")) ");
        else
            append(s, ops[k], ' ', loaded[2 * k + 1]->emit(), ") ");
    }
    size_t end = s.size();
    while (end > start && s.view()[end - 1] == ' ') --end;
    s.resize(end);
    s += ';';
    b.body_forward.end_line();
    TextBuffer& replay = b.body_replay.line_buffer();
    append_line(replay, b.body_forward[b.body_forward.size() - 1]);
    b.body_replay.end_line();
    return output;
}

void Adjoint::add_return(const std::optional<std::vector<Var*>>& vars) {
    // Written in place (as add_forward and add_reverse would): each statement built as a string
    // first cost an allocation and copies.
    Block& b = *blocks.back();
    const str_cat_detail::Digits label = str_cat_detail::view(label_count_);
    // The forward pass returns; the replay jumps to the reverse pass's label instead.
    auto jump = [&](const auto&... returned) {
        b.body_replay.add(indentation_, "goto label", label, ";");
        b.body_forward.add(indentation_, "return", returned..., ";");
    };
    if (!vars || vars->empty()) {
        jump();
    } else if (vars->size() == 1) {
        jump(' ', (*vars)[0]->emit());
        b.body_reverse.add(indentation_, "adj_", (*vars)[0]->label, " += adj_ret;");
    } else {
        for (size_t i = 0; i < vars->size(); ++i) {
            b.body_replay.add(indentation_, "ret_", i, " = ", (*vars)[i]->emit(), ";");
            b.body_forward.add(indentation_, "ret_", i, " = ", (*vars)[i]->emit(), ";");
            b.body_reverse.add(indentation_, "adj_", (*vars)[i]->label, " += adj_ret_", i, ";");
        }
        jump();
    }
    b.body_reverse.add(indentation_, "label", label, ":;");
    ++label_count_;
}

void Adjoint::begin_if(Var* cond) {
    cond = load(cond);
    forward_line("if (", cond->emit(), ") {");
    reverse_line("}");
    indent();
}

void Adjoint::end_if(Var* cond) {
    dedent();
    forward_line("}");
    cond = load(cond);
    reverse_line("if (", cond->emit(), ") {");
}

void Adjoint::begin_else(Var* cond) {
    cond = load(cond);
    forward_line("if (!", cond->emit(), ") {");
    reverse_line("}");
    indent();
}

void Adjoint::end_else(Var* cond) {
    dedent();
    forward_line("}");
    cond = load(cond);
    reverse_line("if (!", cond->emit(), ") {");
}

namespace {

// The statement that resets a loop body variable's adjoint at each reverse iteration. A tile
// clears its gradient storage; a tile that does not own its storage (a view) is left alone,
// as its gradient belongs to the tile it views.
std::optional<std::string> zero_adjoint(const Var& v) {
    if (!v.type->is_tile()) return cat(v.emit_adj(), " = {};");
    if (!v.type->tile_owner) return std::nullopt;
    return cat(v.emit_adj(), ".grad_zero();");
}

// A loop's reverse lines, gathered in order and then added to the enclosing block reversed:
// views of the loop's blocks (they stay put until recycled), the lines made here kept
// alongside, reserved so that none moves. Copying every block line into a string cost an
// allocation per line of a loop body.
class ReverseLines {
  public:
    ReverseLines(size_t made, size_t viewed) {
        made_.reserve(made);
        lines_.reserve(made + viewed);
    }
    void add(std::string line) {
        assert(made_.size() < made_.capacity()); // a reallocation would move the short strings
        lines_.push_back(made_.emplace_back(std::move(line)));
    }
    void add_view(std::string_view line) { lines_.push_back(line); }
    void add_reversed_to(Lines& out) const {
        for (auto it = lines_.rbegin(); it != lines_.rend(); ++it) out.push_back(*it);
    }

  private:
    std::vector<std::string> made_;
    std::vector<std::string_view> lines_;
};

} // namespace

Var* Adjoint::begin_for(Var* iter, const std::optional<ConstantRange>& range) {
    if (range) forward_line(iter->emit(), " = ", range->start.str(), ";");
    Block* cond_block = begin_block("for");
    loop_blocks_.push_back(cond_block);
    forward_line("start_", cond_block->label, ":;");
    indent();
    Var* val;
    if (!range) {
        forward_line("if (iter_cmp(", iter->emit(), ") == 0) goto end_", cond_block->label, ";");
        val = add_builtin_call1("iter_next", {iter});
    } else {
        forward_line("if (", iter->emit(), " ", range->step.sign() > 0 ? ">=" : "<=", " ", range->stop.str(),
                     ") goto end_", cond_block->label, ";");
        val = add_var(types::int32());
        forward_line(val->emit(), " = ", iter->emit(), ";");
        forward_line(iter->emit(), " += ", range->step.str(), ";");
    }
    begin_block();
    return val;
}

void Adjoint::end_for(Var* iter, const std::optional<ConstantRange>& range, Var* value) {
    std::unique_ptr<Block> body = end_block();
    std::unique_ptr<Block> cond = end_block();
    loop_blocks_.pop_back();

    Block& outer = *blocks.back();
    for (std::string_view s : cond->body_forward)
        outer.body_forward.push_back(s); // also replayed in reverse below
    for (std::string_view s : body->body_forward) outer.body_forward.push_back(s);
    // Not replayed (add_forward's skip_replay), written in place.
    outer.body_forward.add(indentation_, "goto start_", cond->label, ";");
    dedent();
    outer.body_forward.add(indentation_, "end_", cond->label, ":;");

    ReverseLines reverse(body->vars.size() + 7,
                         cond->body_forward.size() + body->body_replay.size() + body->body_reverse.size());
    const std::string& ind = indentation_;
    if (!range) {
        reverse.add(cat(ind, iter->emit(), " = wp::iter_reverse(", iter->emit(), ");"));
        for (std::string_view s : cond->body_forward) reverse.add_view(s);
    } else {
        reverse.add(cat(ind, iter->emit(), " = ", range->last().str(), ";"));
        reverse.add(cat(ind, "start_", cond->label, ":;"));
        reverse.add(cat(ind, "\tif (", iter->emit(), " ", range->step.sign() > 0 ? "<" : ">", " ",
                        range->start.str(), ") goto end_", cond->label, ";"));
        reverse.add(cat(ind, "\t", value->emit(), " = ", iter->emit(), ";"));
        reverse.add(cat(ind, "\t", iter->emit(), " -= ", range->step.str(), ";"));
    }
    for (Var* v : body->vars)
        if (std::optional<std::string> z = zero_adjoint(*v)) reverse.add(ind + "\t" + *z);
    for (std::string_view s : body->body_replay) reverse.add_view(s);
    for (auto it = body->body_reverse.rbegin(); it != body->body_reverse.rend(); ++it) reverse.add_view(*it);
    reverse.add(cat(ind, "\tgoto start_", cond->label, ";"));
    reverse.add(cat(ind, "end_", cond->label, ":;"));
    reverse.add_reversed_to(outer.body_reverse);

    // An enclosing loop must also zero these adjoints at each of its reverse iterations.
    outer.vars.insert(outer.vars.end(), cond->vars.begin(), cond->vars.end());
    outer.vars.insert(outer.vars.end(), body->vars.begin(), body->vars.end());
    recycle_block(std::move(body));
    recycle_block(std::move(cond));
}

void Adjoint::begin_while(const ast::Expr* cond_expr) {
    Block* cond_block = begin_block("while");
    loop_blocks_.push_back(cond_block);
    cond_block->body_forward.push_back(cat("start_", cond_block->label, ":;"));
    Var* c = eval_var(cond_expr, "while condition");
    c = load(c);
    cond_block->body_forward.push_back(
        cat("if ((", c->emit(), ") == false) goto end_", cond_block->label, ";"));
    begin_block();
    indent();
}

void Adjoint::end_while() {
    dedent();
    std::unique_ptr<Block> body = end_block();
    std::unique_ptr<Block> cond = end_block();
    loop_blocks_.pop_back();

    Block& outer = *blocks.back();
    for (std::string_view s : cond->body_forward)
        outer.body_forward.push_back(s); // also replayed in reverse below
    for (std::string_view s : body->body_forward) outer.body_forward.push_back(s);
    outer.body_forward.push_back(cat("goto start_", cond->label, ";"));
    outer.body_forward.push_back(cat("end_", cond->label, ":;"));

    ReverseLines reverse(body->vars.size() + 2,
                         cond->body_forward.size() + body->body_replay.size() + body->body_reverse.size());
    for (std::string_view s : cond->body_forward) reverse.add_view(s);
    for (Var* v : body->vars)
        if (std::optional<std::string> z = zero_adjoint(*v)) reverse.add(std::move(*z));
    for (std::string_view s : body->body_replay) reverse.add_view(s);
    for (auto it = body->body_reverse.rbegin(); it != body->body_reverse.rend(); ++it) reverse.add_view(*it);
    reverse.add(cat("goto start_", cond->label, ";"));
    reverse.add(cat("end_", cond->label, ":;"));
    reverse.add_reversed_to(outer.body_reverse);
    recycle_block(std::move(body));
    recycle_block(std::move(cond));
}

void Adjoint::materialize_redefinitions(const SymbolTable& before) {
    for (const auto& [sym, v1] : before.entries()) {
        const Value* now = symbols.find(sym);
        if (!now || now->same_as(v1)) continue;
        if (!v1.is_var() || !now->is_var()) continue; // functions and types never change across a loop
        Var* var1 = v1.var;
        Var* var2 = now->var;
        if (loop_const_iter_symbols_.count(sym) && var1->constant) continue;
        if (var1->constant)
            fail_at(current_pos_,
                    fmt::format("error mutating a constant {} inside a dynamic loop, use the following "
                                "syntax: pi = float(3.141) to declare a dynamic variable",
                                sym));
        add_builtin_call1("assign", {var1, var2});
        symbols.set(sym, Value(var1));
    }
}

void Adjoint::build() {
    for (auto& b : blocks) recycle_block(std::move(b));
    blocks.clear();
    blocks.push_back(new_block());
    // Room for a typical body's variables: growing from nothing reallocated at every doubling.
    variables.reserve(128);
    blocks.back()->vars.reserve(128);
    det.reset();
    if (builder && builder->deterministic()) det = std::make_unique<DeterministicLowering>(*this);
    for (const Param& p : src.params) {
        if (p.type->is_function()) { // the target of a specialization, called by this name
            auto it = std::find_if(src.callable_args.begin(), src.callable_args.end(),
                                   [&](const auto& t) { return t.first == p.name; });
            if (it == src.callable_args.end())
                fail_at(p.pos, fmt::format("wp.Function parameter '{}' has no target", p.name));
            symbols.set(p.name, Value::of_object(it->second));
            continue;
        }
        Var& v = var_storage_.emplace_back();
        v.label = p.name;
        v.type = p.type;
        v.is_parameter = true;
        if (v.type->is_tile()) {
            TileCell& cell =
                *(v.set_extras().tile_cell = p.tile_cell ? p.tile_cell : std::make_shared<TileCell>());
            cell.vars.push_back(&v);
            cell.cloned_parameter = cell.cloned_parameter || !src.callable_args.empty();
        }
        // An array parameter is the root of the storage its aliases and elements reach.
        if (v.type->is_array()) v.ref_origin = LValueOrigin(&v, false);
        if (v.type->is_reference()) {
            v.ref_origin = LValueOrigin(&v, true);
            ref_params.insert(p.name);
        }
        args.push_back(&v);
        symbols.set(p.name, Value(&v));
    }
    emit_function_def(src.def);
    // Warp validates the return annotation after lowering the body.
    if (return_var && src.has_return_annotation) {
        const auto& rv = *return_var;
        bool ok;
        if (!src.return_tuple.empty()) {
            ok = rv.size() == src.return_tuple.size();
            for (size_t i = 0; ok && i < rv.size(); ++i) ok = rv[i]->type == src.return_tuple[i];
        } else {
            TypeRef t = rv.size() == 1 ? rv[0]->type : nullptr, a = src.return_annotation;
            ok = t == a || (t && a && t->is_tile() && a->is_tile() && t->elem == a->elem); // dtype only
        }
        if (!ok)
            fail_at(src.def->pos,
                    fmt::format("the function `{}` returns a value that does not match its return "
                                "type annotation",
                                src.key));
    }
    for (Var* a : args)
        if (a->type->is_struct())
            builder->build_struct_recursive(a->type);
        else if (a->type->is_array() && a->type->elem->is_struct())
            builder->build_struct_recursive(a->type->elem);
    for (const auto& [v, pos] : unprintable_)
        if (v->constant)
            if (std::optional<std::string> error =
                    constant_str_error(*v->constant, builder->scope().runtime_loaded()))
                fail_at(pos,
                        fmt::format("Warp cannot emit this constant: its constant_str raises {}", *error));
}

} // namespace ws
