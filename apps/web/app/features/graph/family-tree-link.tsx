import { AppLink } from "../../shell/app-link.tsx";
import "./family-tree-link.css";

/** 家族树 in the head of an entry's relations, beside 关系图谱. */
export function FamilyTreeLink({ personId }: { personId: string }) {
  return (
    <AppLink className="tj-section__link tj-family-link" to={`/relation/family/${personId}`}>
      家族树
    </AppLink>
  );
}
