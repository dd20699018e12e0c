# Modules of the installed Warp package that a file imports: Warp prints the functions a kernel
# uses in this module, with their own file's path and line numbers, and uses their structs and
# constants; `import warp.a.b` makes `warp.a.b.NAME` reachable.
import warp as wp
import warp.tests.aux_test_compile_consts_dummy
import warp.tests.aux_test_name_clash2 as clash
import warp.tests.aux_test_reference as ref
from warp.tests import aux_test_function_double as double
from warp.tests.aux_test_reference_reference import more_magic


@wp.func
def apply(f: wp.Function, x: float):
    return f(x)


@wp.kernel
def imported_functions(out: wp.array(dtype=float), s: clash.SameStruct):
    i = wp.tid()
    local = clash.SameStruct()
    local.x = s.x + float(clash.same_func()) + float(warp.tests.aux_test_compile_consts_dummy.MINUS_ONE)
    out[i] = local.x + ref.magic() + more_magic() + double.function_external_module_double_it(out[i])


@wp.kernel
def imported_function_values(out: wp.array(dtype=float)):
    i = wp.tid()
    f = ref.magic
    g, h = ref.magic, double.function_external_module_double_it
    out[i] = f() + g() + h(2.0) + apply(double.function_external_module_double_it, 3.0)


@wp.kernel
def imported_struct_array(items: wp.array(dtype=clash.DifferentStruct), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = items[i].v[1] * float(clash.different_func())
