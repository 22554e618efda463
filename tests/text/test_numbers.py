"""The one number-list parser @mail and +bb share: 3, 1-4, 2 5, 1,3."""

import pytest

from champions_mush.text.numbers import NumberListError, parse_numbers


def test_parse_numbers_reads_single_numbers_ranges_and_lists_each_once():
    assert parse_numbers("3", 5) == [3]
    assert parse_numbers("1-4", 5) == [1, 2, 3, 4]
    assert parse_numbers(" 2 5,1  3-4 2 ", 5) == [2, 5, 1, 3, 4]


@pytest.mark.parametrize(("spec", "part", "out_of_range"), [
    ("x", "x", False), ("1-", "1-", False), ("²", "²", False), ("9" * 10, "9" * 10, False),
    ("0", "0", True), ("6", "6", True), ("4-2", "4-2", True), ("1 2-9", "2-9", True),
])
def test_parse_numbers_names_the_part_it_cannot_use(spec, part, out_of_range):
    with pytest.raises(NumberListError) as error:
        parse_numbers(spec, 5)
    assert (error.value.part, error.value.out_of_range) == (part, out_of_range)
