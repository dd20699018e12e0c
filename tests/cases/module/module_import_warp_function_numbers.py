# A function Warp creates when the file imports a module of the warp package counts with the
# user's functions of the same name: the user's `same_func` defined after the import is the
# second Function with that key (same_func_1), the imported one the first.
import warp as wp
import warp.tests.aux_test_name_clash1 as clash


@wp.func
def same_func():
    return 1


@wp.func
def different_func():
    return 2


@wp.kernel
def numbered(out: wp.array(dtype=int)):
    i = wp.tid()
    out[i] = same_func() + clash.same_func() + different_func() + clash.different_func()
