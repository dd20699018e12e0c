import warp as wp

# String literals: Warp declares each one `const wp::str var_N = "..."`, escaped with
# Python's unicode-escape (printable ASCII as is, \t \n \r and backslash escaped, every
# other character as \xhh, \uhhhh or \Uhhhhhhhh), then prints it with wp::print or
# passes it to printf.


@wp.kernel
def print_messages(x: wp.array(dtype=float), n: int):
    i = wp.tid()
    print("starting")
    print("")
    print('single \'quoted\' text')
    print("tab\tnewline\n return\r back\\slash")
    print("bell\x07 delete\x7f latin\xe9 greek\u03b1 emoji\U0001f600 nul\x00 end")
    wp.printf("thread %d of %d: %f\n", i, n, x[i])
    wp.printf("done\n")
    label = "value:"
    print(label)
    print(x[i])
    if label == "value:":
        for j in range(2):
            wp.printf("pass %d\n", j)
