// @vitest-environment happy-dom

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { THEME_STORAGE_KEY } from "./theme-script.ts";
import { ThemeSwitch } from "./theme-switch.tsx";

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete window.__tongjianApplyTheme;
});

const picker = () => screen.getByRole("combobox", { name: "外观" }) as HTMLSelectElement;

describe("ThemeSwitch", () => {
  it("offers 跟随系统, 浅色 and 深色, 跟随系统 until the reader chose", () => {
    render(<ThemeSwitch />);
    expect([...picker().options].map((o) => o.textContent)).toEqual(["跟随系统", "浅色", "深色"]);
    expect(picker().value).toBe("system");
  });

  it("shows the choice kept on the device", async () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    await act(async () => {
      render(<ThemeSwitch />);
    });
    expect(picker().value).toBe("dark");
  });

  it("keeps a new choice and has the head script apply it at once", () => {
    const apply = vi.fn();
    window.__tongjianApplyTheme = apply;
    render(<ThemeSwitch />);
    fireEvent.change(picker(), { target: { value: "light" } });
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
    expect(apply).toHaveBeenCalledWith("light");
    expect(picker().value).toBe("light");
  });

  it("still hands the choice to the head script when storage is blocked", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError");
    });
    const apply = vi.fn();
    window.__tongjianApplyTheme = apply;
    render(<ThemeSwitch />);
    fireEvent.change(picker(), { target: { value: "dark" } });
    expect(picker().value).toBe("dark");
    expect(apply).toHaveBeenCalledWith("dark");
  });
});
